import DnsOutlined from '@mui/icons-material/DnsOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { LockStatus, MyDomain } from '@namebourse/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MONO_FONT_FAMILY } from '../../../app/theme.ts';
import { CardHead, CardList, ListCard, ListTable } from '../../../components/card-list.tsx';
import { PagedList, useLastPageFallback } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { useDomains } from '../api/get-domains.ts';
import { DOMAINS_PAGE_SIZE, LOCK_COLOR, parsePage, STATUS_COLOR } from '../lib/filter.ts';

const ORDER_PATH = '/console/order/list';

function DomainStatusChip({ domain }: { domain: MyDomain }) {
  const { t } = useTranslation('domains');
  return <StatusChip label={t(`status.${domain.status}`)} tone={STATUS_COLOR[domain.status]} />;
}

function LockText({ lock }: { lock: LockStatus }) {
  const { t } = useTranslation('domains');
  const Icon = lock === 'open' || lock === 'opening' ? LockOpenOutlined : LockOutlined;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        typography: 'textMd',
        whiteSpace: 'nowrap',
        color: LOCK_COLOR[lock] === 'default' ? 'text.secondary' : `${LOCK_COLOR[lock]}.main`,
      }}
    >
      <Icon sx={{ fontSize: 16 }} />
      {t(`lock.${lock}`)}
    </Box>
  );
}

function OrderLink({ orderId }: { orderId: string | null }) {
  if (!orderId) return <>--</>;
  return (
    <Link
      component={RouterLink}
      to={`${ORDER_PATH}?orderId=${encodeURIComponent(orderId)}`}
      sx={{ fontFamily: MONO_FONT_FAMILY, typography: 'textSm' }}
    >
      {orderId}
    </Link>
  );
}

const date = (value: string | null) => (value ? formatDate(value) : '--');
const cell = { typography: 'textMd', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function DomainTable({ items }: { items: MyDomain[] }) {
  const { t } = useTranslation('domains');
  return (
    <ListTable
      label={t('title')}
      minWidth={980}
      headPadding
      head={
        <>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell>{t('columns.registrar')}</TableCell>
          <TableCell>{t('columns.status')}</TableCell>
          <TableCell>{t('columns.lock')}</TableCell>
          <TableCell>{t('columns.registeredAt')}</TableCell>
          <TableCell>{t('columns.expiresAt')}</TableCell>
          <TableCell>{t('columns.acquiredAt')}</TableCell>
          <TableCell>{t('columns.order')}</TableCell>
        </>
      }
    >
      <TableBody>
        {items.map((domain) => (
          <TableRow
            key={domain.domainId}
            hover
            data-testid="domain-row"
            data-domain={domain.name}
            sx={{ '& td': { py: 1.5 } }}
          >
            <TableCell sx={{ minWidth: 180 }}>
              <Typography sx={{ fontWeight: 700, typography: 'textLg', overflowWrap: 'anywhere' }}>
                {domain.name}
              </Typography>
            </TableCell>
            <TableCell sx={{ typography: 'textMd' }}>{domain.registrar}</TableCell>
            <TableCell>
              <DomainStatusChip domain={domain} />
            </TableCell>
            <TableCell>
              <LockText lock={domain.lockStatus} />
            </TableCell>
            <TableCell sx={cell}>{date(domain.registeredAt)}</TableCell>
            <TableCell sx={cell}>{date(domain.expiresAt)}</TableCell>
            <TableCell sx={cell}>{date(domain.acquiredAt)}</TableCell>
            <TableCell>
              <OrderLink orderId={domain.orderId} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'textMd', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

function DomainCards({ items }: { items: MyDomain[] }) {
  const { t } = useTranslation('domains');
  return (
    <CardList>
      {items.map((domain) => (
        <ListCard key={domain.domainId} data-testid="domain-row" data-domain={domain.name}>
          <CardHead end={<DomainStatusChip domain={domain} />}>
            <Typography sx={{ fontWeight: 700, typography: 'textXl', overflowWrap: 'anywhere' }}>
              {domain.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {domain.registrar}
            </Typography>
          </CardHead>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, mt: 1.5 }}>
            <Field label={t('columns.lock')}>
              <LockText lock={domain.lockStatus} />
            </Field>
            <Field label={t('columns.expiresAt')}>{date(domain.expiresAt)}</Field>
            <Field label={t('columns.registeredAt')}>{date(domain.registeredAt)}</Field>
            <Field label={t('columns.acquiredAt')}>{date(domain.acquiredAt)}</Field>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Field label={t('columns.order')}>
                <OrderLink orderId={domain.orderId} />
              </Field>
            </Box>
          </Box>
        </ListCard>
      ))}
    </CardList>
  );
}

/** /console/domain/list: the domains delivered to me (operations arrive with the domain-management issue). */
export function DomainListPage() {
  const { t } = useTranslation('domains');
  usePageTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, update] = useSearchPatch();
  const keyword = (params.get('q') ?? '').trim();
  const page = parsePage(params.get('page'));

  const query = useDomains({ keyword, page });
  const data = query.data;
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]);
  useLastPageFallback(data, page, DOMAINS_PAGE_SIZE, setPage);

  return (
    <Box data-testid="domains-page">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'flex-end' },
          gap: 1.5,
          mb: { xs: 2, md: 2.5 },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ typography: { xs: 'text5xl', md: 'text7xl' } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg', lineHeight: 1.6 }}>
            {data && data.total > 0 ? t('subtitleCount', { count: data.total }) : t('subtitle')}
          </Typography>
        </Box>
        <SearchField
          value={keyword}
          onSearch={(q) => update({ q, page: null })}
          placeholder={t('search.placeholder')}
          label={t('search.label')}
          clearLabel={t('search.clear')}
          testId="domains-search"
          sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0 }}
        />
      </Box>
      <PagedList
        query={query}
        loading={{ label: t('loading'), height: 72 }}
        empty={{
          icon: <DnsOutlined />,
          title: keyword ? t('empty.filteredTitle') : t('empty.title'),
          body: keyword ? t('empty.filteredBody', { keyword }) : t('empty.body'),
          action: keyword
            ? { label: t('empty.showAll'), onClick: () => update({ q: null, page: null }) }
            : { label: t('empty.browse'), to: '/sale' },
          secondaryAction: keyword
            ? undefined
            : { label: t('empty.won'), to: '/console/auction/win', variant: 'outlined' },
          testId: 'domains-empty',
        }}
        isEmpty={!data || data.items.length === 0}
        pages={
          data
            ? {
                total: data.total,
                pageSize: DOMAINS_PAGE_SIZE,
                page,
                onChange: setPage,
                compact: !wide,
                label: t('pagination'),
              }
            : null
        }
      >
        {() => (data ? wide ? <DomainTable items={data.items} /> : <DomainCards items={data.items} /> : null)}
      </PagedList>
    </Box>
  );
}
