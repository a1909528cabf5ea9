import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminAnnouncement,
  type AdminAnnouncementsQuery,
  ANNOUNCEMENT_STATUSES,
  type AnnouncementStatus,
} from '@namebourse/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAdminAnnouncement } from '../api/announcement-detail.ts';
import { useAdminAnnouncements } from '../api/announcement-list.ts';
import { AdminList, FilterBar } from '../components/admin-list.tsx';
import { AnnouncementEditor } from '../components/announcement-editor.tsx';
import {
  AnnouncementPublishPanel,
  AnnouncementStatusChip,
  useWhenText,
} from '../components/announcement-publish-panel.tsx';
import { EmptyState } from '../components/layout-parts.tsx';
import { enumParam, pageParam } from '../lib/list-params.ts';

const PAGE_SIZE = 20;
/** Where a published announcement is read (the help centre's blog). */
const publicPath = (slug: string) => `/help-center/blog/${encodeURIComponent(slug)}`;

/** The list's filters and the editor in the address: `status`, `q`, `page`; `edit=new` or `edit=<id>`. */
function useAnnouncementParams() {
  const [params, setParams] = useSearchParams();
  const status = enumParam(params.get('status'), ANNOUNCEMENT_STATUSES);
  const q = (params.get('q') ?? '').trim();
  const page = pageParam(params.get('page'));
  const editParam = params.get('edit');
  const edit = editParam === 'new' || (editParam && /^\d{1,18}$/.test(editParam)) ? editParam : null;
  const update = (next: {
    status?: AnnouncementStatus | undefined;
    q?: string;
    page?: number;
    edit?: string | null;
  }) => {
    const search = new URLSearchParams();
    const s = 'status' in next ? next.status : status;
    if (s) search.set('status', s);
    const text = (next.q ?? q).trim();
    if (text) search.set('q', text);
    const p = next.page ?? 1;
    if (p > 1) search.set('page', String(p));
    const e = 'edit' in next ? next.edit : null;
    if (e) search.set('edit', e);
    setParams(search);
  };
  return { status, q, page, edit, update };
}

function titleIn(announcement: AdminAnnouncement, lng: string): string {
  return lng.startsWith('zh') ? announcement.titleZh : announcement.titleEn;
}

function AnnouncementRow({ announcement, onEdit }: { announcement: AdminAnnouncement; onEdit: () => void }) {
  const { t, i18n } = useTranslation('admin-announcements');
  const whenText = useWhenText();
  const when = whenText(announcement);
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="announcement-row"
      sx={{
        listStyle: 'none',
        p: { xs: 2, md: 2.5 },
        display: 'flex',
        gap: 2,
        alignItems: { xs: 'stretch', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <AnnouncementStatusChip status={announcement.status} />
          <Typography component="h2" sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'anywhere' }}>
            {titleIn(announcement, i18n.language)}
          </Typography>
        </Box>
        <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.5, overflowWrap: 'anywhere' }}>
          {announcement.status === 'published' ? (
            <Link href={publicPath(announcement.slug)} target="_blank" rel="noopener">
              {publicPath(announcement.slug)}
            </Link>
          ) : (
            publicPath(announcement.slug)
          )}
          {' · '}
          {when ?? t('when.updated', { time: formatDateTime(announcement.updatedAt, i18n.language) })}
          {announcement.updatedBy ? ` · ${t('updatedBy', { accountNo: announcement.updatedBy })}` : ''}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        onClick={onEdit}
        aria-label={t('list.editNamed', { title: titleIn(announcement, i18n.language) })}
      >
        {t('list.edit')}
      </Button>
    </Paper>
  );
}

/** Editing one announcement: the text, and beside it publishing, scheduling and withdrawing. */
function EditView({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin-announcements');
  const detail = useAdminAnnouncement(id);
  if (detail.isPending) {
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    );
  }
  if (detail.isError) return <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <AnnouncementPublishPanel announcement={detail.data} />
      <AnnouncementEditor
        key={`${detail.data.id}:${detail.data.updatedAt}`}
        announcement={detail.data}
        onSaved={() => showToast(t('done.saved'), 'success')}
        onCancel={onClose}
      />
    </Box>
  );
}

/**
 * /admin/announcements (support, admin): the help-centre announcements in every status, with a status filter and
 * a search; writing one in both languages with a Markdown preview; publishing it now or at a time, and
 * withdrawing it.
 */
export function AnnouncementsPage() {
  const { t, i18n } = useTranslation('admin-announcements');
  const { status, q, page, edit, update } = useAnnouncementParams();
  usePageTitle(edit ? (edit === 'new' ? t('editor.newTitle') : t('editor.editTitle')) : t('title'));
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  const query: AdminAnnouncementsQuery = {
    page,
    pageSize: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(q ? { q } : {}),
  };
  const list = useAdminAnnouncements(query);
  const close = () => update({ edit: null, page });

  if (edit) {
    return (
      <Box data-testid="admin-announcements" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <Box>
          <Button startIcon={<ArrowBackRounded />} onClick={close}>
            {t('back')}
          </Button>
        </Box>
        <PageHeader title={edit === 'new' ? t('editor.newTitle') : t('editor.editTitle')} />
        {edit === 'new' ? (
          <AnnouncementEditor
            onSaved={(saved) => {
              showToast(t('done.created'), 'success');
              update({ edit: saved.id });
            }}
            onCancel={close}
          />
        ) : (
          <EditView id={edit} onClose={close} />
        )}
      </Box>
    );
  }

  return (
    <Box data-testid="admin-announcements" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => update({ edit: 'new' })}>
            {t('list.new')}
          </Button>
        }
      />
      <AdminList
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(next) => update({ page: next })}
        filters={
          <FilterBar
            total={
              list.data ? (
                <Typography color="text.secondary" sx={{ typography: 'textMd', alignSelf: { sm: 'center' } }}>
                  {t('list.total', { formatted: formatNumber(list.data.total, i18n.language) })}
                </Typography>
              ) : null
            }
          >
            <TextField
              select
              size="small"
              label={t('list.status')}
              value={status ?? ''}
              onChange={(event) =>
                update({ status: (event.target.value || undefined) as AnnouncementStatus | undefined })
              }
              sx={{ minWidth: 200, bgcolor: 'background.paper' }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t('list.allStatuses')}</MenuItem>
              {ANNOUNCEMENT_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`status.${value}`)}
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
              sx={{ display: 'flex', gap: 1, minWidth: { sm: 320 } }}
            >
              <TextField
                size="small"
                fullWidth
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('list.searchPlaceholder')}
                slotProps={{
                  htmlInput: { maxLength: 120, 'aria-label': t('list.search') },
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
                {t('list.searchSubmit')}
              </Button>
            </Box>
          </FilterBar>
        }
        skeleton={{ rows: 3, height: 88 }}
        empty={<EmptyState title={q || status ? t('list.emptyFiltered') : t('list.empty')} />}
      >
        {(items) => (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {items.map((announcement) => (
              <AnnouncementRow
                key={announcement.id}
                announcement={announcement}
                onEdit={() => update({ edit: announcement.id, page })}
              />
            ))}
          </Box>
        )}
      </AdminList>
    </Box>
  );
}
