import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { ChatQueueItem } from '@namebourse/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/error-view.tsx';
import { waitingParts } from '../../../components/support-chat/chat-format.ts';
import { ListSkeleton } from './layout-parts.tsx';

/** The time shown beside a waiting conversation: ticks on the page between refetches of the queue. */
export function useWaitingNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function WaitingTime({ seconds }: { seconds: number }) {
  const { t } = useTranslation('admin-support');
  const parts = waitingParts(seconds);
  return <>{t(`waiting.${parts.unit}`, parts)}</>;
}

function Flags({ item }: { item: ChatQueueItem }) {
  const { t } = useTranslation('admin-support');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" label={t(`language.${item.locale}`)} />
      {item.visitor ? <Chip size="small" variant="outlined" label={t('flags.visitor')} /> : null}
      {item.offline ? <Chip size="small" color="warning" variant="outlined" label={t('flags.offline')} /> : null}
    </Box>
  );
}

export interface QueueSectionProps {
  items: ChatQueueItem[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** When the queue was fetched (ms), to add the time since to each waiting time. */
  fetchedAt: number;
  onClaim: (item: ChatQueueItem) => void;
  claimingId: string | null;
}

/** Waiting conversations, longest waiting first, each with its waiting time and 'Take'. */
export function SupportQueueSection({
  items,
  isPending,
  error,
  onRetry,
  fetchedAt,
  onClaim,
  claimingId,
}: QueueSectionProps) {
  const { t } = useTranslation('admin-support');
  const now = useWaitingNow();
  const since = Math.max(0, Math.floor((now - fetchedAt) / 1000));
  return (
    <Box component="section" aria-labelledby="support-queue-title">
      <Typography id="support-queue-title" component="h2" sx={{ fontWeight: 700, typography: 'textLg', mb: 1 }}>
        {t('queue.title')}
        {items ? ` (${items.length})` : ''}
      </Typography>
      {isPending ? <ListSkeleton rows={2} height={64} /> : null}
      {error ? <ErrorView error={error} title={t('queue.failed')} onRetry={onRetry} /> : null}
      {items && items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('queue.empty')}
        </Typography>
      ) : null}
      {items && items.length > 0 ? (
        <List
          disablePadding
          aria-label={t('queue.title')}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
        >
          {items.map((item) => (
            <Box
              component="li"
              key={item.conversationId}
              sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.25 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap title={item.displayName}>
                  {item.displayName}
                </Typography>
                <Typography
                  variant="caption"
                  color={item.waitingSeconds + since >= 300 ? 'error.main' : 'text.secondary'}
                  sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                  data-testid="support-waiting"
                >
                  <WaitingTime seconds={item.waitingSeconds + since} />
                </Typography>
              </Box>
              {item.lastMessageExcerpt ? (
                <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.25 }}>
                  {item.lastMessageExcerpt}
                </Typography>
              ) : null}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Flags item={item} />
                </Box>
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => onClaim(item)}
                  disabled={claimingId !== null}
                  aria-label={t('queue.claimNamed', { name: item.displayName })}
                >
                  {claimingId === item.conversationId ? t('queue.claiming') : t('queue.claim')}
                </Button>
              </Box>
            </Box>
          ))}
        </List>
      ) : null}
    </Box>
  );
}

export interface MineItem {
  conversationId: string;
  displayName: string;
  excerpt: string;
  unread: number;
  item: ChatQueueItem | null;
}

/** The agent's open conversations: several at once, one active (the chat pane shows it). */
export function SupportMineSection({
  items,
  activeId,
  onSelect,
}: {
  items: MineItem[];
  activeId: string | null;
  onSelect: (conversationId: string) => void;
}) {
  const { t } = useTranslation('admin-support');
  return (
    <Box component="section" aria-labelledby="support-mine-title">
      <Typography id="support-mine-title" component="h2" sx={{ fontWeight: 700, typography: 'textLg', mb: 1 }}>
        {t('mine.title')} ({items.length})
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('mine.empty')}
        </Typography>
      ) : (
        <List
          disablePadding
          aria-label={t('mine.title')}
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}
        >
          {items.map((mine) => (
            <ListItem key={mine.conversationId} disablePadding>
              <ListItemButton
                selected={mine.conversationId === activeId}
                aria-current={mine.conversationId === activeId ? 'true' : undefined}
                onClick={() => onSelect(mine.conversationId)}
                sx={{ borderRadius: 2, alignItems: 'flex-start', flexDirection: 'column', gap: 0.25, py: 1 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
                  <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                    {mine.displayName}
                  </Typography>
                  {mine.unread > 0 ? (
                    <Badge
                      color="error"
                      badgeContent={mine.unread}
                      aria-label={t('mine.unread', { count: mine.unread })}
                      sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                    />
                  ) : null}
                </Box>
                {mine.excerpt ? (
                  <Typography variant="body2" color="text.secondary" noWrap sx={{ width: '100%' }}>
                    {mine.excerpt}
                  </Typography>
                ) : null}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
