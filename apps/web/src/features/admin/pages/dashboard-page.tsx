import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type LedgerCheck, PLATFORM_ACCOUNTS } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { idTextSx } from '../../../components/id-text.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useLedgerCheck } from '../api/get-ledger-check.ts';
import { useAdminPayees } from '../api/get-payees.ts';
import { useAdminSettlements } from '../api/get-settlements.ts';
import { Money } from '../components/money.tsx';
import { ADMIN_PATHS } from '../lib/nav.ts';

/** Platform accounts in the contract's order first, then any others the server reports. */
export function platformRows(platform: LedgerCheck['platform']): [string, number][] {
  const known = PLATFORM_ACCOUNTS.filter((name) => name in platform).map((name): [string, number] => [
    name,
    platform[name] ?? 0,
  ]);
  const others = Object.entries(platform)
    .filter(([name]) => !(PLATFORM_ACCOUNTS as readonly string[]).includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return [...known, ...others];
}

function QueueCard({
  icon,
  label,
  count,
  to,
  loading,
  failed,
  testId,
}: {
  icon: ReactNode;
  label: string;
  count: number | undefined;
  to: string;
  loading: boolean;
  failed: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.default',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
            {label}
          </Typography>
          <Typography sx={{ typography: 'text7xl', fontWeight: 800, lineHeight: 1.2 }} data-testid={testId}>
            {loading ? <Skeleton width={40} /> : failed ? '—' : formatNumber(count ?? 0, i18n.language)}
          </Typography>
        </Box>
        <Typography color="primary" sx={{ typography: 'textMd', fontWeight: 600 }}>
          {t('dashboard.open')}
        </Typography>
      </CardActionArea>
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
        {label}
      </Typography>
      <Typography sx={{ typography: 'text3xl', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

function NoneFound() {
  const { t } = useTranslation('admin');
  return (
    <Typography sx={{ typography: 'textMd', color: 'success.main', display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <CheckCircleRounded fontSize="small" /> {t('ledger.none')}
    </Typography>
  );
}

/** One kind of ledger problem: its title, then what was found or 'none'. */
function ProblemGroup({
  testId,
  title,
  found,
  children,
}: {
  testId: string;
  title: string;
  found: boolean;
  children: ReactNode;
}) {
  return (
    <Box data-testid={testId}>
      <Typography sx={{ fontWeight: 600, typography: 'textMd', mb: 0.75 }}>{title}</Typography>
      {found ? children : <NoneFound />}
    </Box>
  );
}

function Problems({ check }: { check: LedgerCheck }) {
  const { t } = useTranslation('admin');
  const mono = { ...idTextSx, typography: 'textSm' };
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } }}>
      <ProblemGroup
        testId="ledger-negative"
        title={t('ledger.negativeAvailable')}
        found={check.negativeAvailable.length > 0}
      >
        <Table size="small">
          <TableBody>
            {check.negativeAvailable.map((row) => (
              <TableRow key={row.accountNo}>
                <TableCell sx={{ pl: 0 }}>
                  <Link
                    component={RouterLink}
                    to={`${ADMIN_PATHS.users}/${encodeURIComponent(row.accountNo)}`}
                    sx={mono}
                  >
                    {row.accountNo}
                  </Link>
                </TableCell>
                <TableCell align="right" sx={{ pr: 0 }}>
                  <Money cents={row.balanceCents} signed />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ProblemGroup>
      <ProblemGroup
        testId="ledger-unbalanced"
        title={t('ledger.unbalancedTransactions')}
        found={check.unbalancedTransactions.length > 0}
      >
        <Box component="ul" sx={{ m: 0, pl: 2.5, ...mono }}>
          {check.unbalancedTransactions.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </Box>
      </ProblemGroup>
      <ProblemGroup
        testId="ledger-mismatched"
        title={t('ledger.mismatchedBalances')}
        found={check.mismatchedBalances.length > 0}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: 0 }}>{t('ledger.account')}</TableCell>
                <TableCell align="right">{t('ledger.balance')}</TableCell>
                <TableCell align="right" sx={{ pr: 0 }}>
                  {t('ledger.fromPostings')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {check.mismatchedBalances.map((row) => (
                <TableRow key={row.account}>
                  <TableCell sx={{ pl: 0, ...mono }}>{row.account}</TableCell>
                  <TableCell align="right">
                    <Money cents={row.balanceCents} />
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    <Money cents={row.postingsCents} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </ProblemGroup>
    </Box>
  );
}

function LedgerCard() {
  const { t, i18n } = useTranslation('admin');
  const check = useLedgerCheck();
  const rerun = (
    <Button
      variant="outlined"
      size="small"
      onClick={() => void check.refetch()}
      disabled={check.isFetching}
      startIcon={check.isFetching ? <LoadingSpinner decorative size={14} /> : <RefreshRounded />}
      data-testid="ledger-rerun"
    >
      {check.isFetching ? t('ledger.running') : t('ledger.rerun')}
    </Button>
  );

  let body: ReactNode;
  if (check.data) {
    const data = check.data;
    body = (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {check.isError ? <ErrorView error={check.error} /> : null}
        <Alert
          severity={data.balanced ? 'success' : 'error'}
          icon={data.balanced ? <CheckCircleRounded /> : <ErrorRounded />}
          data-testid="ledger-status"
          data-balanced={String(data.balanced)}
        >
          <Typography sx={{ fontWeight: 700, typography: 'textLg' }}>
            {data.balanced ? t('ledger.balanced') : t('ledger.unbalanced')}
          </Typography>
          <Typography sx={{ typography: 'textSm' }}>
            {t('ledger.checkedAt', { time: formatDateTime(data.checkedAt, i18n.language) })}
          </Typography>
        </Alert>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Stat label={t('ledger.postingsSum')} value={<Money cents={data.postingsSum} />} />
          <Stat label={t('ledger.accounts')} value={formatNumber(data.accounts, i18n.language)} />
          <Stat label={t('ledger.transactions')} value={formatNumber(data.transactions, i18n.language)} />
          <Stat label={t('ledger.postings')} value={formatNumber(data.postings, i18n.language)} />
        </Box>
        <Problems check={data} />
        <Box>
          <Typography sx={{ fontWeight: 600, typography: 'textMd', mb: 0.5 }}>{t('ledger.platform')}</Typography>
          {platformRows(data.platform).length === 0 ? <NoneFound /> : null}
          <Table size="small" data-testid="ledger-platform">
            <TableBody>
              {platformRows(data.platform).map(([name, cents]) => (
                <TableRow key={name}>
                  <TableCell sx={{ pl: 0 }}>
                    {t(`platform.${name}`, { defaultValue: name })}
                    <Typography
                      component="span"
                      color="text.secondary"
                      sx={{ ml: 1, ...idTextSx, typography: 'textXs' }}
                    >
                      {name}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    <Money cents={cents} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    );
  } else if (check.isError) {
    body = <ErrorView error={check.error} onRetry={() => void check.refetch()} />;
  } else {
    body = <Skeleton variant="rounded" height={160} />;
  }
  return (
    <SectionCard title={t('ledger.title')} action={rerun} testId="ledger-check">
      {body}
    </SectionCard>
  );
}

/** /admin: the open queues and the books check. */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  const payees = useAdminPayees({ queue: 'review', page: 1, pageSize: 1 });
  const settlements = useAdminSettlements({ queue: 'open', page: 1, pageSize: 1 });
  return (
    <Box data-testid="admin-dashboard">
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, mb: 2.5 }}
      >
        <QueueCard
          icon={<HowToRegOutlined />}
          label={t('dashboard.payeesWaiting')}
          count={payees.data?.total}
          loading={payees.isPending}
          failed={payees.isError}
          to={ADMIN_PATHS.payees}
          testId="queue-payees"
        />
        <QueueCard
          icon={<RequestQuoteOutlined />}
          label={t('dashboard.settlementsOpen')}
          count={settlements.data?.total}
          loading={settlements.isPending}
          failed={settlements.isError}
          to={ADMIN_PATHS.settlements}
          testId="queue-settlements"
        />
      </Box>
      <LedgerCard />
    </Box>
  );
}
