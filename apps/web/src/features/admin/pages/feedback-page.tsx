import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type AdminFeedback,
  type AdminFeedbackQuery,
  FEEDBACK_CATEGORIES,
  FEEDBACK_SLA_HOURS,
  FEEDBACK_STATUSES,
  type FeedbackCategory,
} from '@namebourse/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useFeedbackDetail } from '../api/feedback-detail.ts';
import { useFeedbackQueue } from '../api/feedback-queue.ts';
import { AdminList } from '../components/admin-list.tsx';
import { FeedbackAge, FeedbackStatusChip, FeedbackThread } from '../components/feedback-thread.tsx';
import { EmptyState } from '../components/layout-parts.tsx';
import { enumParam, pageParam } from '../lib/list-params.ts';

const PAGE_SIZE = 20;
const VIEWS = [...FEEDBACK_STATUSES, 'all'] as const;
type View = (typeof VIEWS)[number];

/** The queue's filters and the open message in the address: `status` (open by default), `category`, `q`, `page`, `id`. */
function useFeedbackParams() {
  const [params, setParams] = useSearchParams();
  const status: View = enumParam(params.get('status'), VIEWS) ?? 'open';
  const category = enumParam(params.get('category'), FEEDBACK_CATEGORIES);
  const q = (params.get('q') ?? '').trim();
  const page = pageParam(params.get('page'));
  const idParam = params.get('id');
  const id = idParam && /^FB\d{14}$/.test(idParam) ? idParam : null;
  const update = (next: {
    status?: View;
    category?: FeedbackCategory | undefined;
    q?: string;
    page?: number;
    id?: string | null;
  }) => {
    const search = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== 'open') search.set('status', s);
    const c = 'category' in next ? next.category : category;
    if (c) search.set('category', c);
    const text = (next.q ?? q).trim();
    if (text) search.set('q', text);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    const i = 'id' in next ? next.id : id;
    if (i) search.set('id', i);
    setParams(search);
  };
  return { status, category, q, page, id, update };
}

function QueueItem({ item, selected, onOpen }: { item: AdminFeedback; selected: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation('admin-feedback');
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="feedback-item"
      sx={{ listStyle: 'none', overflow: 'hidden', borderColor: selected ? 'primary.main' : undefined }}
    >
      <CardActionArea
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        aria-label={t('queue.open', { name: item.name, id: item.id })}
        sx={{ p: 2, display: 'grid', gap: 0.75 }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <FeedbackStatusChip status={item.status} />
          <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {item.name}
          </Typography>
          <Typography component="span" color="text.secondary" sx={{ typography: 'textSm', overflowWrap: 'anywhere' }}>
            {item.email}
          </Typography>
        </Box>
        <Typography
          color="text.secondary"
          sx={{
            typography: 'textSm',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {item.content}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ typography: 'textXs', color: 'text.secondary' }}>
            {t(`category.${item.category}`)} · {formatDateTime(item.createdAt, i18n.language)}
            {item.replyCount > 0 ? ` · ${t('queue.replies', { count: item.replyCount })}` : ''}
          </Typography>
          {item.status === 'open' ? <FeedbackAge item={item} /> : null}
        </Box>
      </CardActionArea>
    </Paper>
  );
}

function DetailPane({ id }: { id: string }) {
  const { t } = useTranslation('admin-feedback');
  const detail = useFeedbackDetail(id);
  if (detail.isPending) {
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={60} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  if (detail.isError) return <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  return <FeedbackThread key={detail.data.id} detail={detail.data} />;
}

/**
 * /admin/feedback (support, admin): contact-us messages, the open ones oldest first with how long each has waited
 * (flagged past the reply target); filters by status, topic and text; a message's thread with the reply form
 * (e-mailed to the sender) and closing. Side by side on wide screens; on phones the message replaces the list.
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation('admin-feedback');
  usePageTitle(t('title'));
  const { status, category, q, page, id, update } = useFeedbackParams();
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  const query: AdminFeedbackQuery = {
    page,
    pageSize: PAGE_SIZE,
    status,
    ...(category ? { category } : {}),
    ...(q ? { q } : {}),
  };
  const list = useFeedbackQueue(query);

  return (
    <Box data-testid="admin-feedback" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle', { hours: FEEDBACK_SLA_HOURS })} />
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: { xs: id ? 'none' : 'block', lg: 'block' } }}>
          <AdminList
            query={list}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(next) => update({ page: next })}
            filters={
              <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  color="primary"
                  value={status}
                  onChange={(_, value: View | null) => {
                    if (value) update({ status: value });
                  }}
                  aria-label={t('queue.status')}
                  sx={{ bgcolor: 'background.paper', flexWrap: 'wrap', justifySelf: 'start' }}
                >
                  {VIEWS.map((value) => (
                    <ToggleButton key={value} value={value} sx={{ px: 2 }}>
                      {t(`view.${value}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                {/* Wraps rather than squeezing the search box: the list column is narrow beside an open message. */}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
                  <TextField
                    select
                    size="small"
                    label={t('queue.category')}
                    value={category ?? ''}
                    onChange={(event) =>
                      update({ category: (event.target.value || undefined) as FeedbackCategory | undefined })
                    }
                    sx={{ minWidth: 180, bgcolor: 'background.paper' }}
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  >
                    <MenuItem value="">{t('queue.allCategories')}</MenuItem>
                    {FEEDBACK_CATEGORIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {t(`category.${value}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Box
                    component="form"
                    role="search"
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      update({ q: search });
                    }}
                    sx={{ display: 'flex', gap: 1, flex: '1 1 260px', minWidth: 0 }}
                  >
                    <TextField
                      size="small"
                      fullWidth
                      value={search}
                      onChange={(event) => setSearch(event.target.value)}
                      placeholder={t('queue.searchPlaceholder')}
                      slotProps={{
                        htmlInput: { maxLength: 100, 'aria-label': t('queue.search') },
                        input: {
                          startAdornment: (
                            <InputAdornment position="start">
                              <SearchRounded fontSize="small" />
                            </InputAdornment>
                          ),
                        },
                      }}
                      sx={{ bgcolor: 'background.paper' }}
                    />
                    <Button type="submit" variant="outlined" sx={{ flexShrink: 0 }}>
                      {t('queue.searchSubmit')}
                    </Button>
                  </Box>
                  {list.data ? (
                    <Typography color="text.secondary" sx={{ typography: 'textMd', ml: 'auto' }}>
                      {t('queue.total', {
                        count: list.data.total,
                        formatted: formatNumber(list.data.total, i18n.language),
                      })}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
            }
            skeleton={{ rows: 4, height: 96 }}
            empty={
              <EmptyState
                title={status === 'open' && !q && !category ? t('queue.emptyOpen') : t('queue.emptyFiltered')}
              />
            }
          >
            {(items) => (
              <Box component="ul" aria-label={t('queue.list')} sx={{ m: 0, p: 0, display: 'grid', gap: 1.25 }}>
                {items.map((item) => (
                  <QueueItem
                    key={item.id}
                    item={item}
                    selected={item.id === id}
                    onOpen={() => update({ id: item.id, page })}
                  />
                ))}
              </Box>
            )}
          </AdminList>
        </Box>
        <Box sx={{ display: { xs: id ? 'block' : 'none', lg: 'block' } }}>
          {id ? (
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <Button
                startIcon={<ArrowBackRounded />}
                onClick={() => update({ id: null, page })}
                sx={{ mb: 1.5, display: { lg: 'none' } }}
              >
                {t('back')}
              </Button>
              <DetailPane id={id} />
            </Paper>
          ) : (
            <EmptyState title={t('detail.none')} />
          )}
        </Box>
      </Box>
    </Box>
  );
}
