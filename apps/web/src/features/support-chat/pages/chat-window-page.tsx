import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ChatConversation } from '@namebourse/contract';
import { CHAT_CLOSE_CODES, CHAT_VISITOR_TOKEN_QUERY } from '@namebourse/contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/error-view.tsx';
import { CheckingStatus } from '../../../components/checking-status.tsx';
import { ChatComposer, type ComposerSendInput } from '../../../components/support-chat/chat-composer.tsx';
import { ChatConnection } from '../../../components/support-chat/chat-connection.tsx';
import { ChatMessageList } from '../../../components/support-chat/chat-message-list.tsx';
import {
  chatSocketUrl,
  pendingOf,
  viewOf,
  type WebSocketFactory,
} from '../../../components/support-chat/chat-socket.ts';
import { compareIds } from '../../../components/support-chat/chat-state.ts';
import { SUPPORT_CHAT_PATH, userOfChatUrl } from '../../../components/support-chat/chat-window-url.ts';
import { useChatClient, usePeerTyping } from '../../../components/support-chat/use-chat-client.ts';
import { API_CODES, isApiError } from '../../../lib/api-client.ts';
import { hasFeedback, useFeedbackState } from '../../../lib/feedback-store.ts';
import { loginPath } from '../../../lib/login-redirect.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { readUserInfo } from '../../../lib/user-storage.ts';
import { probeConversation } from '../api/get-conversation.ts';
import { getChatMessages } from '../api/get-messages.ts';
import { startConversation } from '../api/start-conversation.ts';
import { uploadChatAttachment } from '../api/upload-attachment.ts';
import { ChatHeader } from '../components/chat-header.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { VisitorForm } from '../components/visitor-form.tsx';
import type { VisitorStart } from '../lib/visitor-form.ts';
import {
  clearVisitorSession,
  readVisitorSession,
  type VisitorSession,
  writeVisitorSession,
} from '../lib/visitor-session.ts';

/** Toasts of the request pipeline (a timeout), loaded only when there is one: the window has no shell. */
const ApiFeedbackHost = lazy(() =>
  import('../../../components/api-feedback/api-feedback-host.tsx').then((m) => ({ default: m.ApiFeedbackHost })),
);

function FeedbackWhenNeeded() {
  const state = useFeedbackState();
  const [needed, setNeeded] = useState(false);
  if (!needed && hasFeedback(state)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ApiFeedbackHost />
    </Suspense>
  );
}

type Phase =
  | { kind: 'starting' }
  | { kind: 'visitor'; notice: string | null; defaults?: Partial<VisitorStart> }
  | { kind: 'signed-out' }
  | { kind: 'failed'; error: unknown; retry: () => void }
  | {
      kind: 'chat';
      conversationId: string;
      /** What the start call answered (the socket's history replaces it). */
      conversation: ChatConversation | null;
      visitor: VisitorSession | null;
    };

export interface ChatWindowPageProps {
  /** Tests: a fake WebSocket. */
  createSocket?: WebSocketFactory;
}

/**
 * /support/chat: the customer-service chat in its own small window (spec §2: opened with the stored user id and
 * name). A signed-in user continues their open conversation or starts one; a visitor gives a name and an e-mail
 * first (the conversation's token stays in this window's sessionStorage, so a reload comes back to it).
 */
export function ChatWindowPage({ createSocket }: ChatWindowPageProps) {
  const { t } = useTranslation('support-chat');
  // Agent messages not read yet (the window is behind another one): '(2) Customer service'.
  const [unseen, setUnseen] = useState(0);
  usePageTitle(unseen > 0 ? `(${unseen}) ${t('title')}` : t('title'));
  const { search } = useLocation();
  const user = useMemo(() => {
    const fromUrl = userOfChatUrl(search);
    const stored = readUserInfo();
    return {
      accountNo: fromUrl.accountNo || stored.accountNo,
      nickname: fromUrl.nickname || stored.nickname,
    };
  }, [search]);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });

  const startAsUser = useCallback(() => {
    setPhase({ kind: 'starting' });
    startConversation({}).then(
      (result) =>
        setPhase({
          kind: 'chat',
          conversationId: result.conversation.conversationId,
          conversation: result.conversation,
          visitor: null,
        }),
      (error: unknown) => {
        if (isApiError(error) && error.code === API_CODES.unauthorized) {
          setPhase({ kind: 'visitor', notice: t('visitor.sessionEnded') });
        } else {
          setPhase({ kind: 'failed', error, retry: startAsUser });
        }
      },
    );
  }, [t]);

  const startAsVisitor = useCallback(async (values: VisitorStart) => {
    const result = await startConversation({ email: values.email, name: values.name });
    const session: VisitorSession | null = result.visitorToken
      ? {
          conversationId: result.conversation.conversationId,
          token: result.visitorToken,
          email: values.email,
          name: values.name,
        }
      : null;
    if (session) writeVisitorSession(session);
    // No token: the server saw a signed-in session after all (signed in in another tab); the cookie carries it.
    setPhase({
      kind: 'chat',
      conversationId: result.conversation.conversationId,
      conversation: result.conversation,
      visitor: session,
    });
  }, []);

  // The first step, once when the window opens (twice in StrictMode would start two conversations).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const visitor = readVisitorSession();
    if (visitor) {
      setPhase({ kind: 'chat', conversationId: visitor.conversationId, conversation: null, visitor });
    } else if (user.accountNo) {
      startAsUser();
    } else {
      setPhase({ kind: 'visitor', notice: null });
    }
  }, [startAsUser, user.accountNo]);

  /** The conversation is closed (or gone): start the next one the same way. */
  const restart = useCallback(
    (visitor: VisitorSession | null) => {
      if (!visitor) {
        startAsUser();
        return;
      }
      clearVisitorSession();
      setPhase({ kind: 'starting' });
      startAsVisitor({ email: visitor.email, name: visitor.name }).catch(() =>
        setPhase({ kind: 'visitor', notice: null, defaults: { email: visitor.email, name: visitor.name } }),
      );
    },
    [startAsUser, startAsVisitor],
  );

  /** The server refused the socket for good. */
  const refused = useCallback(
    (code: number, visitor: VisitorSession | null) => {
      if (visitor) {
        clearVisitorSession();
        setPhase({
          kind: 'visitor',
          notice: t('visitor.linkExpired'),
          defaults: { email: visitor.email, name: visitor.name },
        });
      } else if (code === CHAT_CLOSE_CODES.unauthorized) {
        setPhase({ kind: 'signed-out' });
      } else {
        startAsUser();
      }
    },
    [startAsUser, t],
  );

  const greeting = user.nickname ? t('header.greeting', { name: user.nickname }) : null;

  return (
    // The window's one landmark: the chat opens on its own, without the site's header and footer.
    <Box
      component="main"
      sx={{
        height: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        maxWidth: 760,
        mx: 'auto',
        bgcolor: 'background.paper',
        borderInline: { md: 1 },
        borderColor: { md: 'divider' },
      }}
    >
      {phase.kind === 'chat' ? (
        <ChatView
          key={phase.conversationId}
          phase={phase}
          greeting={greeting}
          createSocket={createSocket}
          onRestart={() => restart(phase.visitor)}
          onRefused={(code) => refused(code, phase.visitor)}
          onUnseen={setUnseen}
        />
      ) : (
        <>
          <ChatHeader conversation={null} greeting={greeting} />
          {phase.kind === 'starting' ? <CheckingStatus label={t('starting')} /> : null}
          {phase.kind === 'visitor' ? (
            <VisitorForm onStart={startAsVisitor} notice={phase.notice} defaults={phase.defaults} />
          ) : null}
          {phase.kind === 'signed-out' ? (
            <Box sx={{ p: 3 }}>
              <Alert severity="warning">
                {t('signedOut.body')} <Link href={loginPath(SUPPORT_CHAT_PATH)}>{t('visitor.signIn')}</Link>
              </Alert>
            </Box>
          ) : null}
          {phase.kind === 'failed' ? (
            <Box sx={{ p: 3 }}>
              <ErrorView error={phase.error} title={t('startFailed')} onRetry={phase.retry} />
            </Box>
          ) : null}
        </>
      )}
      <FeedbackWhenNeeded />
    </Box>
  );
}

interface UploadState {
  progress: number | null;
  error: string | null;
}

function ChatView({
  phase,
  greeting,
  createSocket,
  onRestart,
  onRefused,
  onUnseen,
}: {
  phase: Extract<Phase, { kind: 'chat' }>;
  greeting: string | null;
  createSocket?: WebSocketFactory;
  onRestart: () => void;
  onRefused: (code: number) => void;
  onUnseen: (count: number) => void;
}) {
  const { t } = useTranslation('support-chat');
  const { conversationId, visitor } = phase;
  const token = visitor?.token ?? null;
  const url = useMemo(() => chatSocketUrl({ conversationId, token }), [conversationId, token]);
  const beforeReconnect = useCallback(() => probeConversation(conversationId, token), [conversationId, token]);
  const { client, snapshot } = useChatClient({ url, side: 'user', createSocket, beforeReconnect });
  const [draft, setDraft] = useState('');
  const [upload, setUpload] = useState<UploadState>({ progress: null, error: null });
  const [loadingEarlier, setLoadingEarlier] = useState(false);

  useEffect(() => {
    if (client && phase.conversation) client.updateConversation(phase.conversation);
  }, [client, phase.conversation]);

  const view = snapshot ? viewOf(snapshot, conversationId) : null;
  const conversation = view?.conversation ?? phase.conversation;
  const messages = view?.messages ?? [];
  const pending = snapshot ? pendingOf(snapshot, conversationId) : [];
  const peerTyping = usePeerTyping(view?.peerTypingAt ?? null);
  const closed = conversation?.status === 'closed';
  const ended = snapshot?.status === 'ended';

  const reported = useRef(false);
  useEffect(() => {
    if (!ended || !snapshot?.closeCode || reported.current) return;
    reported.current = true;
    onRefused(snapshot.closeCode);
  }, [ended, snapshot?.closeCode, onRefused]);

  // Read receipts: what the window shows while it is visible has been read.
  const lastAgentId = [...messages].reverse().find((m) => m.author === 'agent')?.messageId ?? null;
  const connected = snapshot?.status === 'open';
  useEffect(() => {
    if (!client || !lastAgentId || !connected) return;
    const report = () => {
      if (document.visibilityState === 'visible') client.markRead(conversationId, lastAgentId);
    };
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [client, conversationId, lastAgentId, connected]);

  const userReadId = conversation?.userReadId ?? null;
  const unseen = messages.filter(
    (m) => m.author === 'agent' && (userReadId === null || compareIds(m.messageId, userReadId) > 0),
  ).length;
  useEffect(() => {
    onUnseen(unseen);
  }, [unseen, onUnseen]);

  const loadEarlier = async () => {
    const first = messages[0];
    if (!client || !first) return;
    setLoadingEarlier(true);
    try {
      const page = await getChatMessages(conversationId, { beforeId: first.messageId }, token);
      client.applyHistory(page.conversation, page.messages, 'before', page.hasMore);
    } catch {
      // The button stays; the next click tries again.
    } finally {
      setLoadingEarlier(false);
    }
  };

  const send = async ({ body, file, previewUrl }: ComposerSendInput): Promise<boolean> => {
    if (!client) return false;
    let attachmentId: string | null = null;
    if (file) {
      setUpload({ progress: 0, error: null });
      try {
        const stored = await uploadChatAttachment(conversationId, file, token, ({ loaded, total }) =>
          setUpload({ progress: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0, error: null }),
        );
        attachmentId = stored.attachmentId;
      } catch (error) {
        setUpload({
          progress: null,
          error: isApiError(error) && error.message ? error.message : t('composer.uploadFailed'),
        });
        return false;
      }
      setUpload({ progress: null, error: null });
    }
    client.send(conversationId, { body, attachmentId, previewUrl });
    return true;
  };

  const offline = conversation ? conversation.offline || !conversation.withinSupportHours : false;
  // The window opened to write: the message field takes the focus once it can be used (not again on a reconnect).
  const composer = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);
  const writable = Boolean(client) && !ended;
  useEffect(() => {
    if (!writable || focused.current || !composer.current) return;
    focused.current = true;
    composer.current.focus();
  });

  return (
    <>
      <ChatHeader
        conversation={conversation}
        greeting={greeting}
        connection={snapshot ? <ChatConnection snapshot={snapshot} onReconnect={() => client?.reconnectNow()} /> : null}
      />
      {offline && !closed ? <OfflineNotice visitor={Boolean(visitor)} /> : null}
      <ChatMessageList
        messages={messages}
        pending={pending}
        side="user"
        peerReadId={conversation?.agentReadId ?? null}
        attachmentQuery={token ? `${CHAT_VISITOR_TOKEN_QUERY}=${encodeURIComponent(token)}` : undefined}
        hasMoreBefore={view?.hasMoreBefore ?? false}
        loadingEarlier={loadingEarlier}
        onLoadEarlier={() => void loadEarlier()}
        onRetry={(clientId) => client?.retry(clientId)}
        onDiscard={(clientId) => client?.discard(clientId)}
        typingText={peerTyping ? t('chat.agentTyping') : null}
        label={t('chat.logLabel')}
        empty={
          <Box sx={{ textAlign: 'center', px: 3, color: 'text.secondary' }}>
            <Typography variant="body2" sx={{ lineHeight: 1.7 }}>
              {offline ? t('chat.emptyOffline') : t('chat.empty')}
            </Typography>
          </Box>
        }
      />
      {closed ? (
        <Alert
          severity="success"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" onClick={onRestart}>
              {t('closed.startNew')}
            </Button>
          }
        >
          {t('closed.body')}
        </Alert>
      ) : (
        <ChatComposer
          value={draft}
          onChange={setDraft}
          onSend={send}
          onTyping={() => client?.typing(conversationId)}
          disabled={!client || ended}
          uploadProgress={upload.progress}
          uploadError={upload.error}
          placeholder={offline ? t('composer.placeholderOffline') : undefined}
          inputRef={composer}
        />
      )}
    </>
  );
}
