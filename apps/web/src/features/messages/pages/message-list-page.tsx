import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Message } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback';
import { useUnreadCount } from '../../../components/message-bell';
import { showToast } from '../../../lib/feedback-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { MESSAGES_PAGE_SIZE, useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { MessageItem } from '../components/message-item';
import { internalLink } from '../lib/message-kinds';

type View = 'all' | 'unread';

function Loading() {
  const { t } = useTranslation('messages');
  return (
    <Paper variant="outlined" role="status" aria-label={t('loading')} sx={{ p: 2, display: 'grid', gap: 2 }}>
      {[0, 1, 2, 3].map((key) => (
        <Box key={key} sx={{ display: 'flex', gap: 1.5 }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="85%" />
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

function Empty({ view }: { view: View }) {
  const { t } = useTranslation('messages');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="messages-empty">
      <MarkEmailReadOutlined sx={{ fontSize: 44, color: 'text.disabled' }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        {view === 'unread' ? t('empty.unreadTitle') : t('empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14, maxWidth: 420, mx: 'auto', lineHeight: 1.7 }}>
        {view === 'unread' ? t('empty.unreadBody') : t('empty.body')}
      </Typography>
    </Paper>
  );
}

/** /console/message/list: the message centre (all or unread, paged); opening a message marks it read. */
export function MessageListPage() {
  const { t } = useTranslation('messages');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'unread' ? 'unread' : 'all';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;

  const messages = useMessages({ unread: view === 'unread', page });
  const unread = useUnreadCount(true).data ?? 0;
  const markRead = useMarkRead();

  const setView = (next: View, nextPage = 1) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'unread') out.set('view', 'unread');
      else out.delete('view');
      if (nextPage > 1) out.set('page', String(nextPage));
      else out.delete('page');
      return out;
    });

  const open = (message: Message) => {
    if (!message.read) markRead.mutate({ messageIds: [message.messageId] });
    const link = internalLink(message.link);
    if (link) navigate(link);
  };

  const markAll = () =>
    markRead.mutate(
      { all: true },
      { onSuccess: () => showToast(t('markAllDone'), 'success'), onError: () => undefined },
    );

  const data = messages.data;
  const pages = data ? Math.ceil(data.total / MESSAGES_PAGE_SIZE) : 0;

  let body: React.ReactNode;
  if (messages.isPending) body = <Loading />;
  else if (messages.isError) body = <ErrorView error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (!data || data.items.length === 0) body = <Empty view={view} />;
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={t('listLabel')} data-testid="messages-list">
          {data.items.map((message) => (
            <MessageItem key={message.messageId} message={message} onOpen={open} />
          ))}
        </Box>
      </Paper>
    );

  return (
    <Box data-testid="messages-page">
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
          mb: { xs: 2, md: 2.5 },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 22, md: 26 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: 14.5, lineHeight: 1.6 }}>
            {unread > 0 ? t('subtitleUnread', { count: unread }) : t('subtitle')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<DoneAllRounded />}
          onClick={markAll}
          disabled={unread === 0 || markRead.isPending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('markAll')}
        </Button>
      </Box>

      <Tabs
        value={view}
        onChange={(_event, next: View) => setView(next)}
        aria-label={t('viewLabel')}
        sx={{ mb: 2, minHeight: 44, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 44 } }}
      >
        <Tab value="all" label={t('views.all')} />
        <Tab value="unread" label={unread > 0 ? t('views.unreadCount', { count: unread }) : t('views.unread')} />
      </Tabs>

      <Box sx={{ opacity: messages.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>{body}</Box>

      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2.5 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, value) => setView(view, value)}
            color="primary"
            shape="rounded"
            siblingCount={wide ? 1 : 0}
            aria-label={t('pagination')}
          />
        </Box>
      ) : null}
    </Box>
  );
}
