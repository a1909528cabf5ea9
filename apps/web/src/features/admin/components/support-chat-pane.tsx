import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ChatQueueItem } from '@namebourse/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatComposer, type ComposerSendInput } from '../../../components/support-chat/chat-composer.tsx';
import { ChatMessageList } from '../../../components/support-chat/chat-message-list.tsx';
import { type ChatClient, type ChatSnapshot, pendingOf, viewOf } from '../../../components/support-chat/chat-socket.ts';
import { usePeerTyping } from '../../../components/support-chat/use-chat-client.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { uploadSupportAttachment } from '../api/support-attachment.ts';
import { getOlderSupportMessages } from '../api/support-messages.ts';
import { SupportCannedReplies } from './support-canned-replies.tsx';

export interface SupportChatPaneProps {
  client: ChatClient | null;
  snapshot: ChatSnapshot | null;
  conversationId: string;
  /** The list's row for it (the header before the socket's history arrives). */
  item: ChatQueueItem | null;
  draft: string;
  onDraftChange: (value: string) => void;
  onCloseConversation: () => void;
  /** Phones: back to the list, and the customer's summary. */
  onBack?: () => void;
  onShowSummary?: () => void;
}

/** One conversation at the desk: the messages, canned replies, the message field and 'Close'. */
export function SupportChatPane({
  client,
  snapshot,
  conversationId,
  item,
  draft,
  onDraftChange,
  onCloseConversation,
  onBack,
  onShowSummary,
}: SupportChatPaneProps) {
  const { t } = useTranslation('admin-support');
  const { t: tc } = useTranslation('support-chat');
  const [upload, setUpload] = useState<{ progress: number | null; error: string | null }>({
    progress: null,
    error: null,
  });
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const view = snapshot ? viewOf(snapshot, conversationId) : null;
  const conversation = view?.conversation ?? null;
  const messages = view?.messages ?? [];
  const pending = snapshot ? pendingOf(snapshot, conversationId) : [];
  const typing = usePeerTyping(view?.peerTypingAt ?? null);
  const closed = conversation?.status === 'closed';
  const name = conversation?.displayName ?? item?.displayName ?? '';
  const locale = conversation?.locale ?? item?.locale ?? 'zh-CN';

  // The agent has read what the pane shows.
  const lastUserId = [...messages].reverse().find((m) => m.author === 'user')?.messageId ?? null;
  const connected = snapshot?.status === 'open';
  useEffect(() => {
    if (!client || !lastUserId || !connected) return;
    const report = () => {
      if (document.visibilityState === 'visible') client.markRead(conversationId, lastUserId);
    };
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [client, conversationId, lastUserId, connected]);

  const insert = (text: string) => {
    onDraftChange(draft.trim() ? `${draft.trimEnd()}\n${text}` : text);
    window.requestAnimationFrame(() => field.current?.focus());
  };

  const loadEarlier = async () => {
    const first = messages[0];
    if (!client || !first) return;
    setLoadingEarlier(true);
    try {
      const page = await getOlderSupportMessages(conversationId, first.messageId);
      client.applyHistory(page.conversation, page.messages, 'before', page.hasMore);
    } catch {
      // The button stays for another try.
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
        const stored = await uploadSupportAttachment(conversationId, file, ({ loaded, total }) =>
          setUpload({ progress: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0, error: null }),
        );
        attachmentId = stored.attachmentId;
      } catch (error) {
        setUpload({
          progress: null,
          error: isApiError(error) && error.message ? error.message : tc('composer.uploadFailed'),
        });
        return false;
      }
      setUpload({ progress: null, error: null });
    }
    client.send(conversationId, { body, attachmentId, previewUrl });
    return true;
  };

  return (
    <Box
      component="section"
      aria-label={t('chat.label', { name })}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {onBack ? (
          <IconButton onClick={onBack} aria-label={t('chat.back')} size="small">
            <ArrowBackRounded />
          </IconButton>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, typography: 'textLg' }} noWrap>
            {name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={t(`language.${locale}`)} />
            {conversation?.visitor || item?.visitor ? (
              <Chip size="small" variant="outlined" label={t('flags.visitor')} />
            ) : null}
            {conversation?.offline || item?.offline ? (
              <Chip size="small" color="warning" variant="outlined" label={t('flags.offline')} />
            ) : null}
            {closed ? <Chip size="small" label={t('chat.closed')} /> : null}
          </Box>
        </Box>
        {onShowSummary ? (
          <IconButton onClick={onShowSummary} aria-label={t('summary.show')} size="small">
            <PersonOutlineRounded />
          </IconButton>
        ) : null}
        {!closed ? (
          <Button size="small" color="error" variant="outlined" onClick={onCloseConversation}>
            {t('chat.close')}
          </Button>
        ) : null}
      </Box>
      <ChatMessageList
        messages={messages}
        pending={pending}
        side="agent"
        peerReadId={conversation?.userReadId ?? null}
        hasMoreBefore={view?.hasMoreBefore ?? false}
        loadingEarlier={loadingEarlier}
        onLoadEarlier={() => void loadEarlier()}
        onRetry={(clientId) => client?.retry(clientId)}
        onDiscard={(clientId) => client?.discard(clientId)}
        typingText={typing ? tc('chat.userTyping') : null}
        label={t('chat.log', { name })}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {snapshot?.status === 'open' ? t('chat.empty') : t('chat.loading')}
          </Typography>
        }
      />
      {closed ? null : (
        <>
          <Box sx={{ px: 1, pt: 0.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
            <SupportCannedReplies customerLocale={locale} onInsert={insert} />
          </Box>
          <ChatComposer
            value={draft}
            onChange={onDraftChange}
            onSend={send}
            onTyping={() => client?.typing(conversationId)}
            disabled={!client || snapshot?.status === 'ended'}
            uploadProgress={upload.progress}
            uploadError={upload.error}
            placeholder={t('chat.placeholder', { name })}
            inputRef={field}
          />
        </>
      )}
    </Box>
  );
}
