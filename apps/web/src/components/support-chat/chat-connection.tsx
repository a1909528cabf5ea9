import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatSnapshot } from './chat-socket.ts';
import { useSecondsUntil } from './use-chat-client.ts';

const DOT: Record<ChatSnapshot['status'], string> = {
  idle: 'text.disabled',
  connecting: 'warning.main',
  open: 'success.main',
  reconnecting: 'warning.main',
  ended: 'error.main',
  stopped: 'text.disabled',
};

/**
 * The connection's state in a few words ('Connected', 'Reconnecting in 4 s' with 'Reconnect now'); a status
 * region, so a screen reader hears when the connection drops and returns.
 */
export function ChatConnection({
  snapshot,
  onReconnect,
}: {
  snapshot: Pick<ChatSnapshot, 'status' | 'retryAt'>;
  onReconnect?: () => void;
}) {
  const { t } = useTranslation('support-chat');
  const seconds = useSecondsUntil(snapshot.status === 'reconnecting' ? snapshot.retryAt : null);
  const text =
    snapshot.status === 'reconnecting'
      ? t('connection.reconnecting', { seconds: seconds ?? 0 })
      : t(`connection.${snapshot.status}`);
  return (
    <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: DOT[snapshot.status] }}
      />
      <Typography variant="caption" noWrap data-testid="chat-connection" sx={{ color: 'text.secondary' }}>
        {text}
      </Typography>
      {snapshot.status === 'reconnecting' && onReconnect ? (
        <Button size="small" onClick={onReconnect} sx={{ minWidth: 0, py: 0, px: 0.75, fontSize: 12 }}>
          {t('connection.reconnectNow')}
        </Button>
      ) : null}
    </Box>
  );
}
