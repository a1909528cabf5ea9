import { zodResolver } from '@hookform/resolvers/zod';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AdminUser, AdminUsersQuerySchema } from '@namebourse/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { IdText, idTextSx } from '../../../components/id-text.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { EmptyState, ListSkeleton } from '../components/layout-parts.tsx';
import { Money } from '../components/money.tsx';
import { pageParam } from '../lib/list-params.ts';
import { ADMIN_PATHS } from '../lib/nav.ts';

const PAGE_SIZE = 20;
/** The search box accepts what the server's query accepts (trimmed, at most 120 characters). */
const searchSchema = AdminUsersQuerySchema.pick({ q: true });
type SearchForm = z.infer<typeof searchSchema>;

export const userPath = (accountNo: string) => `${ADMIN_PATHS.users}/${encodeURIComponent(accountNo)}`;

function RoleTag({ role }: { role: AdminUser['role'] }) {
  const { t } = useTranslation('admin');
  if (role === 'user') return null;
  return (
    <Chip
      component="span"
      size="small"
      color="secondary"
      variant="outlined"
      label={t(`role.${role}`)}
      sx={{ ml: 1, height: 20 }}
    />
  );
}

function UsersTable({ users }: { users: AdminUser[] }) {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ display: { xs: 'none', md: 'block' }, overflowX: 'auto' }}>
      <Table size="small" data-testid="admin-users-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.accountNo')}</TableCell>
            <TableCell>{t('fields.nickname')}</TableCell>
            <TableCell>{t('fields.email')}</TableCell>
            <TableCell align="right">{t('bucket.available')}</TableCell>
            <TableCell align="right">{t('bucket.frozen')}</TableCell>
            <TableCell align="right">{t('bucket.earnings')}</TableCell>
            <TableCell>{t('fields.registered')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow
              key={user.accountNo}
              hover
              onClick={() => navigate(userPath(user.accountNo))}
              sx={{ cursor: 'pointer', '& td': { py: 1.25 } }}
            >
              <TableCell sx={{ ...idTextSx, typography: 'textSm' }}>
                <Box
                  component={RouterLink}
                  to={userPath(user.accountNo)}
                  onClick={(event: React.MouseEvent) => event.stopPropagation()}
                  sx={{ color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
                >
                  {user.accountNo}
                </Box>
              </TableCell>
              <TableCell>
                {user.nickname || '—'}
                <RoleTag role={user.role} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
              <TableCell align="right">
                <Money cents={user.availableCents} />
              </TableCell>
              <TableCell align="right">
                <Money cents={user.frozenCents} />
              </TableCell>
              <TableCell align="right">
                <Money cents={user.earningsCents} />
              </TableCell>
              <TableCell>{formatDate(user.createdAt, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function UsersCards({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ display: { xs: 'grid', md: 'none' }, gap: 1.25 }} data-testid="admin-users-cards">
      {users.map((user) => (
        <Paper key={user.accountNo} variant="outlined" sx={{ overflow: 'hidden' }}>
          <ButtonBase
            component={RouterLink}
            to={userPath(user.accountNo)}
            sx={{ display: 'flex', width: '100%', textAlign: 'left', p: 1.75, gap: 1, alignItems: 'center' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, typography: 'textLg' }} noWrap>
                {user.nickname || '—'}
                <RoleTag role={user.role} />
              </Typography>
              <Typography color="text.secondary" sx={{ typography: 'textSm', overflowWrap: 'anywhere' }}>
                <IdText>{user.accountNo}</IdText> · {user.email}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mt: 1 }}>
                {(['available', 'frozen', 'earnings'] as const).map((bucket) => (
                  <Box key={bucket} sx={{ minWidth: 0 }}>
                    <Typography color="text.secondary" sx={{ typography: 'textXs' }}>
                      {t(`bucket.${bucket}`)}
                    </Typography>
                    <Typography sx={{ typography: 'textMd', fontWeight: 600 }} noWrap>
                      <Money cents={user[`${bucket}Cents`]} />
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
            <ChevronRightRounded sx={{ color: 'text.disabled' }} />
          </ButtonBase>
        </Paper>
      ))}
    </Box>
  );
}

/** /admin/users: find a user by account no, e-mail or nickname, with their balances. */
export function UsersPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('users.title'));
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 120);
  const page = pageParam(params.get('page'));
  const list = useAdminUsers({ q, page, pageSize: PAGE_SIZE });
  const form = useForm<SearchForm>({
    resolver: zodResolver(searchSchema, { error: contractErrorMap(locale) }),
    defaultValues: { q },
  });
  const { reset } = form;

  useEffect(() => {
    reset({ q });
  }, [q, reset]);

  const go = (next: { q: string; page?: number }) => {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const submit = form.handleSubmit(({ q: value }) => go({ q: value ?? '' }));

  const users = list.data?.items ?? [];
  const body = (
    <PagedList
      query={list}
      loading={<ListSkeleton rows={4} height={56} />}
      empty={
        <EmptyState
          title={q ? t('users.noMatch', { q }) : t('users.none')}
          body={q ? t('users.noMatchHint') : undefined}
        />
      }
      isEmpty={users.length === 0}
      pages={
        list.data && users.length > 0
          ? {
              total: list.data.total,
              pageSize: list.data.pageSize,
              page,
              onChange: (next) => go({ q, page: next }),
              compact: true,
            }
          : null
      }
    >
      {() => (
        <>
          <UsersTable users={users} />
          <UsersCards users={users} />
        </>
      )}
    </PagedList>
  );

  return (
    <Box data-testid="admin-users">
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <Box
        component="form"
        role="search"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'flex-start' }}
      >
        <FormTextField
          control={form.control}
          name="q"
          size="small"
          fullWidth
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          errorText={fieldText(form.formState.errors.q?.message, locale)}
          sx={{ bgcolor: 'background.paper', maxWidth: 520 }}
          slotProps={{
            htmlInput: { maxLength: 120, enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" sx={{ flexShrink: 0, height: 40 }}>
          {t('users.searchButton')}
        </Button>
      </Box>
      {list.data && list.data.total > 0 ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd', mb: 1.25 }} data-testid="admin-total">
          {q
            ? t('users.resultsFor', { q, total: formatNumber(list.data.total, i18n.language) })
            : t('users.all', { total: formatNumber(list.data.total, i18n.language) })}
        </Typography>
      ) : null}
      {body}
    </Box>
  );
}
