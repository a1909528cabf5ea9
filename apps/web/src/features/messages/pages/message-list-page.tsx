import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Message } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useUnreadCount } from '../../../components/message-bell.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { MESSAGES_PAGE_SIZE, useMessages } from '../api/get-messages.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { MessageItem } from '../components/message-item.tsx';
import { internalLink } from '../lib/message-kinds.ts';

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
  return (
    <Box data-testid="messages-page">
      <PageHeader
        title={t('title')}
        subtitle={unread > 0 ? t('subtitleUnread', { count: unread }) : t('subtitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<DoneAllRounded />}
            onClick={markAll}
            disabled={unread === 0 || markRead.isPending}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('markAll')}
          </Button>
        }
      />

      <Tabs
        value={view}
        onChange={(_event, next: View) => setView(next)}
        aria-label={t('viewLabel')}
        sx={{ mb: 2, minHeight: 44, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 44 } }}
      >
        <Tab value="all" label={t('views.all')} />
        <Tab value="unread" label={unread > 0 ? t('views.unreadCount', { count: unread }) : t('views.unread')} />
      </Tabs>

      <PagedList
        query={messages}
        loading={<Loading />}
        empty={{
          icon: <MarkEmailReadOutlined />,
          title: view === 'unread' ? t('empty.unreadTitle') : t('empty.title'),
          body: view === 'unread' ? t('empty.unreadBody') : t('empty.body'),
          testId: 'messages-empty',
          bodyWidth: 420,
        }}
        isEmpty={!data || data.items.length === 0}
        pages={
          data
            ? {
                total: data.total,
                pageSize: MESSAGES_PAGE_SIZE,
                page,
                onChange: (value) => setView(view, value),
                compact: !wide,
                label: t('pagination'),
              }
            : null
        }
      >
        {() => (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={t('listLabel')} data-testid="messages-list">
              {data?.items.map((message) => (
                <MessageItem key={message.messageId} message={message} onOpen={open} />
              ))}
            </Box>
          </Paper>
        )}
      </PagedList>
    </Box>
  );
}
