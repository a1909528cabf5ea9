import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ChatQueueItem, ChatServerFrame } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChatConnection } from '../../../components/support-chat/chat-connection.tsx';
import {
  type ChatSnapshot,
  chatSocketUrl,
  type WebSocketFactory,
} from '../../../components/support-chat/chat-socket.ts';
import { compareIds } from '../../../components/support-chat/chat-state.ts';
import { useChatClient } from '../../../components/support-chat/use-chat-client.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useClaimSupportConversation } from '../api/support-claim.ts';
import { useCloseSupportConversation } from '../api/support-close.ts';
import { useMySupportConversations } from '../api/support-conversations.ts';
import { supportKeys } from '../api/support-keys.ts';
import { probeSupportDesk, useSupportQueue } from '../api/support-queue.ts';
import { SupportChatPane } from '../components/support-chat-pane.tsx';
import { SupportCloseDialog } from '../components/support-close-dialog.tsx';
import { type MineItem, SupportMineSection, SupportQueueSection } from '../components/support-conversation-list.tsx';
import { SupportSummaryPane } from '../components/support-summary-pane.tsx';

type Pane = 'list' | 'chat' | 'summary';

/** The agent's open conversations: the server's list and whatever the socket joined since (a claim), unread counted. */
export function mineItems(
  server: readonly ChatQueueItem[] | undefined,
  snapshot: ChatSnapshot | null,
  activeId: string | null,
  /** How an image-only message reads in the list ('[Image]'): a word, not an emoji a font may lack. */
  imageLabel: string,
): MineItem[] {
  const byId = new Map<string, MineItem>();
  for (const item of server ?? []) {
    byId.set(item.conversationId, {
      conversationId: item.conversationId,
      displayName: item.displayName,
      excerpt: item.lastMessageExcerpt,
      unread: item.unreadCount,
      item,
    });
  }
  for (const [conversationId, view] of Object.entries(snapshot?.conversations ?? {})) {
    const conversation = view.conversation;
    if (!conversation) continue;
    if (conversation.status === 'closed' && conversationId !== activeId) {
      byId.delete(conversationId);
      continue;
    }
    const before = byId.get(conversationId);
    const last = view.messages.at(-1);
    const readUpTo = conversation.agentReadId;
    const unread =
      view.messages.length > 0
        ? view.messages.filter(
            (m) => m.author === 'user' && (readUpTo === null || compareIds(m.messageId, readUpTo) > 0),
          ).length
        : (before?.unread ?? 0);
    byId.set(conversationId, {
      conversationId,
      displayName: conversation.displayName,
      excerpt: last ? last.body || (last.attachment ? imageLabel : '') : (before?.excerpt ?? ''),
      unread,
      item: before?.item ?? null,
    });
  }
  return [...byId.values()];
}

function PaneBox({ children, label, sx }: { children: ReactNode; label?: string; sx?: object }) {
  return (
    <Paper
      variant="outlined"
      aria-label={label}
      component={label ? 'section' : 'div'}
      sx={{ minHeight: 0, height: '100%', overflow: 'hidden', display: 'flex', flexDirection: 'column', ...sx }}
    >
      {children}
    </Paper>
  );
}

export interface SupportDeskPageProps {
  /** Tests: a fake WebSocket. */
  createSocket?: WebSocketFactory;
}

/**
 * /admin/support (roles support and admin): the queue of waiting conversations with their waiting times, 'Take',
 * several conversations at once, canned replies in both languages, the customer's account beside the chat, and
 * closing with a note. Three panes at desktop widths; one at a time on phones.
 */
export function SupportDeskPage({ createSocket }: SupportDeskPageProps) {
  const { t } = useTranslation('admin-support');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const queryClient = useQueryClient();
  const queue = useSupportQueue();
  const mine = useMySupportConversations();
  const claim = useClaimSupportConversation();
  const closing = useCloseSupportConversation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [pane, setPane] = useState<Pane>('list');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [closeOpen, setCloseOpen] = useState(false);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.all });
  }, [queryClient]);
  const onFrame = useCallback(
    (frame: ChatServerFrame) => {
      if (frame.type === 'status') void queryClient.invalidateQueries({ queryKey: supportKeys.mine() });
    },
    [queryClient],
  );
  const url = useMemo(() => chatSocketUrl({}), []);
  const { client, snapshot } = useChatClient({
    url,
    side: 'agent',
    createSocket,
    onQueueChanged: refresh,
    onFrame,
    beforeReconnect: probeSupportDesk,
  });

  const items = mineItems(mine.data, snapshot, activeId, t('desk.imageMessage'));
  const current = activeId ?? items[0]?.conversationId ?? null;
  const currentItem = items.find((m) => m.conversationId === current) ?? null;

  const select = (conversationId: string) => {
    setActiveId(conversationId);
    setPane('chat');
  };

  const take = async (item: ChatQueueItem) => {
    setNotice(null);
    try {
      await claim.mutateAsync(item.conversationId);
      select(item.conversationId);
    } catch (error) {
      setNotice(
        isApiError(error) && error.code === 'Chat.AlreadyClaimed'
          ? t('queue.alreadyClaimed', { name: item.displayName })
          : isApiError(error) && error.message
            ? error.message
            : t('queue.claimFailed'),
      );
    }
  };

  const closeCurrent = async (note: string) => {
    if (!current) return;
    await closing.mutateAsync({ conversationId: current, body: { note } });
    setCloseOpen(false);
    const next = items.find((m) => m.conversationId !== current)?.conversationId ?? null;
    client?.forget(current);
    setActiveId(next);
    setPane(next ? 'chat' : 'list');
    setNotice(t('close.done'));
  };

  const list = (
    <Box
      sx={{
        p: 1.5,
        overflowY: 'auto',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2.5,
        alignContent: 'start',
      }}
    >
      <SupportQueueSection
        items={queue.data}
        isPending={queue.isPending}
        error={queue.isError ? queue.error : null}
        onRetry={() => void queue.refetch()}
        fetchedAt={queue.dataUpdatedAt}
        onClaim={(item) => void take(item)}
        claimingId={claim.isPending ? (claim.variables ?? null) : null}
      />
      <Divider />
      <SupportMineSection items={items} activeId={wide || pane !== 'list' ? current : null} onSelect={select} />
    </Box>
  );

  const chat = current ? (
    <SupportChatPane
      key={current}
      client={client}
      snapshot={snapshot}
      conversationId={current}
      item={currentItem?.item ?? null}
      draft={drafts[current] ?? ''}
      onDraftChange={(value) => setDrafts((all) => ({ ...all, [current]: value }))}
      onCloseConversation={() => setCloseOpen(true)}
      onBack={wide ? undefined : () => setPane('list')}
      onShowSummary={wide ? undefined : () => setPane('summary')}
    />
  ) : (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{t('chat.none')}</Typography>
    </Box>
  );

  const summary = (
    <Box sx={{ p: 1.5, overflowY: 'auto' }}>
      {!wide ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <IconButton size="small" onClick={() => setPane('chat')} aria-label={t('summary.back')}>
            <ArrowBackRounded />
          </IconButton>
        </Box>
      ) : null}
      <Typography component="h2" sx={{ fontWeight: 700, typography: 'textLg', mb: 1.5 }}>
        {t('summary.title')}
      </Typography>
      <SupportSummaryPane conversationId={current} />
    </Box>
  );

  const shown: Pane = wide ? 'chat' : current ? pane : 'list';

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={snapshot ? <ChatConnection snapshot={snapshot} onReconnect={() => client?.reconnectNow()} /> : null}
      />
      {notice ? (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 1.5 }}>
          {notice}
        </Alert>
      ) : null}
      {snapshot?.status === 'ended' ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {t('ended')}
        </Alert>
      ) : null}
      <Box
        data-testid="support-desk"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: wide ? '280px minmax(0, 1fr) 260px' : 'minmax(0, 1fr)',
          // Phones: nearly a screen (the page scrolls to it); desktops: the rest of the screen under the title.
          height: { xs: 'calc(100dvh - 96px)', md: 'calc(100dvh - 220px)' },
          minHeight: 480,
        }}
      >
        {wide || shown === 'list' ? <PaneBox label={t('panes.list')}>{list}</PaneBox> : null}
        {wide || shown === 'chat' ? <PaneBox>{chat}</PaneBox> : null}
        {wide || shown === 'summary' ? <PaneBox label={t('panes.summary')}>{summary}</PaneBox> : null}
      </Box>
      {current ? (
        <SupportCloseDialog
          open={closeOpen}
          name={currentItem?.displayName ?? ''}
          onClose={() => setCloseOpen(false)}
          onConfirm={({ note }) => closeCurrent(note)}
        />
      ) : null}
    </Box>
  );
}
