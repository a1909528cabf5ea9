import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { API_CODES, api } from '../lib/api-client.ts';
import { sharedKeys } from '../lib/query-keys.ts';

/**
 * The message centre's unread count, shared by the top bar (the bell) and the message centre itself, under
 * `sharedKeys.unreadCount` (lib/query-keys.ts).
 */
export const UNREAD_COUNT_PATH = '/messages/unread-count';
export const MESSAGE_CENTRE_PATH = '/console/message/list';
/** How often the bell asks again while the page stays open (it also asks when the window regains focus). */
export const UNREAD_REFRESH_MS = 60_000;
/** The badge shows "99+" above this. */
export const UNREAD_BADGE_MAX = 99;

/**
 * GET /api/messages/unread-count → { unread }. A background call: it never toasts, and an expired session does
 * not send the user to the sign-in page from wherever they are (the top bar's own check-login does that job).
 */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const data = await api.get<{ unread: number }>(UNREAD_COUNT_PATH, undefined, {
    errorMode: 'silent',
    signal,
    handlers: { [API_CODES.unauthorized]: () => undefined },
  });
  return Number.isFinite(data?.unread) ? Math.max(0, Math.trunc(data.unread)) : 0;
}

/** The unread count while signed in; refreshed on window focus and every minute. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: sharedKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
    refetchInterval: enabled ? UNREAD_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** The bell of the top bar: the unread count as a badge, leading to the message centre. */
export function MessageBell() {
  const { t } = useTranslation('messages');
  const unread = useUnreadCount(true).data ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    <IconButton
      component={RouterLink}
      to={MESSAGE_CENTRE_PATH}
      aria-label={label}
      title={label}
      data-testid="message-bell"
      sx={{ width: 40, height: 40, color: 'text.primary' }}
    >
      <Badge
        badgeContent={unread}
        max={UNREAD_BADGE_MAX}
        color="error"
        invisible={unread === 0}
        data-testid="message-bell-count"
        slotProps={{ badge: { 'aria-hidden': true } as object }}
      >
        <NotificationsNoneRounded />
      </Badge>
    </IconButton>
  );
}
