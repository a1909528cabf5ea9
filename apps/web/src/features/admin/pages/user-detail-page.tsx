import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminUserDetail, TransactionLine } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { IdText, idTextSx } from '../../../components/id-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAdminUser } from '../api/get-user.ts';
import { AdjustmentFormCard } from '../components/adjustment-form.tsx';
import { useAdminOperator } from '../components/admin-context.ts';
import { HistoryList } from '../components/history-list.tsx';
import { Money } from '../components/money.tsx';
import { RestrictionsCard } from '../components/restrictions-card.tsx';
import { ADMIN_PATHS, canAdjust } from '../lib/nav.ts';
import { canRestrict } from '../lib/restrictions.ts';

function Balances({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Box
      sx={{ display: 'grid', gap: { xs: 1, md: 2 }, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}
      data-testid="admin-user-balances"
    >
      {(['available', 'frozen', 'earnings'] as const).map((bucket) => (
        <Paper key={bucket} variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, minWidth: 0 }} data-bucket={bucket}>
          <Typography color="text.secondary" sx={{ typography: { xs: 'textSm', md: 'textMd' } }}>
            {t(`bucket.${bucket}`)}
          </Typography>
          <Typography
            sx={{ typography: { xs: 'textXl', md: 'text6xl' }, fontWeight: 800, mt: 0.5, overflowWrap: 'anywhere' }}
          >
            <Money cents={user[`${bucket}Cents`]} />
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function Holds({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  return (
    <SectionCard title={t('user.holds')} testId="admin-user-holds">
      {user.holds.length === 0 ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
          {t('user.noHolds')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {user.holds.map((hold) => (
            <Box
              component="li"
              key={`${hold.refType}:${hold.refId}`}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ typography: 'textMd', wordBreak: 'break-word' }}>{hold.label}</Typography>
                <Typography color="text.secondary" sx={{ typography: 'textXs', ...idTextSx }}>
                  {hold.refType} · {hold.refId}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600, typography: 'textMd', flexShrink: 0 }}>
                <Money cents={hold.amountCents} />
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function LineRef({ line }: { line: TransactionLine }) {
  if (!line.refType && !line.refId) return null;
  return (
    <Typography component="span" color="text.secondary" sx={{ typography: 'textXs', ...idTextSx }}>
      {[line.refType, line.refId].filter(Boolean).join(' · ')}
    </Typography>
  );
}

function Lines({ lines }: { lines: TransactionLine[] }) {
  const { t, i18n } = useTranslation('admin');
  const kind = (type: string) => t(`kind.${type}`, { defaultValue: type });
  return (
    <SectionCard title={t('user.lines')} testId="admin-user-lines">
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
          {t('user.noLines')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: { xs: 'none', md: 'block' }, overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 0 }}>{t('lines.time')}</TableCell>
                  <TableCell>{t('lines.type')}</TableCell>
                  <TableCell>{t('lines.bucket')}</TableCell>
                  <TableCell align="right">{t('lines.amount')}</TableCell>
                  <TableCell align="right">{t('lines.balanceAfter')}</TableCell>
                  <TableCell sx={{ pr: 0 }}>{t('lines.memo')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell sx={{ pl: 0, whiteSpace: 'nowrap' }}>
                      {formatDateTime(line.createdAt, i18n.language)}
                    </TableCell>
                    <TableCell>{kind(line.type)}</TableCell>
                    <TableCell>{t(`bucket.${line.bucket}`)}</TableCell>
                    <TableCell align="right">
                      <Money cents={line.amountCents} signed />
                    </TableCell>
                    <TableCell align="right">
                      <Money cents={line.balanceAfterCents} />
                    </TableCell>
                    <TableCell sx={{ pr: 0, minWidth: 160 }}>
                      {line.memo ? (
                        <Box sx={{ typography: 'textMd', overflowWrap: 'anywhere' }}>{line.memo}</Box>
                      ) : (
                        <LineRef line={line} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Box component="ul" sx={{ display: { xs: 'grid', md: 'none' }, listStyle: 'none', m: 0, p: 0, gap: 0 }}>
            {lines.map((line) => (
              <Box
                component="li"
                key={line.id}
                sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>
                    {kind(line.type)} · {t(`bucket.${line.bucket}`)}
                  </Typography>
                  <Typography sx={{ typography: 'textMd' }}>
                    <Money cents={line.amountCents} signed />
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                    {formatDateTime(line.createdAt, i18n.language)}
                  </Typography>
                  <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                    {t('lines.balanceAfterShort')} <Money cents={line.balanceAfterCents} />
                  </Typography>
                </Box>
                {line.memo ? (
                  <Typography sx={{ typography: 'textSm', overflowWrap: 'anywhere' }}>{line.memo}</Typography>
                ) : (
                  <LineRef line={line} />
                )}
              </Box>
            ))}
          </Box>
        </>
      )}
    </SectionCard>
  );
}

function Loading() {
  const { t } = useTranslation('admin');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}

/**
 * /admin/users/:accountNo: restrictions, balances, what holds the frozen money, recent ledger lines, history,
 * adjustments.
 */
export function UserDetailPage() {
  const { t, i18n } = useTranslation('admin');
  const { accountNo = '' } = useParams();
  const operator = useAdminOperator();
  const user = useAdminUser(accountNo);
  usePageTitle(t('user.title', { accountNo }));

  const back = (
    <Button component={RouterLink} to={ADMIN_PATHS.users} startIcon={<ArrowBackRounded />} sx={{ mb: 1.5, ml: -1 }}>
      {t('user.back')}
    </Button>
  );

  if (user.isPending) {
    return (
      <Box>
        {back}
        <Loading />
      </Box>
    );
  }
  if (user.isError) {
    return (
      <Box>
        {back}
        <ErrorView error={user.error} onRetry={() => void user.refetch()} />
      </Box>
    );
  }
  const data = user.data;
  const adjustable = canAdjust(operator.role);
  return (
    <Box data-testid="admin-user-detail">
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ typography: 'consoleTitle', wordBreak: 'break-word' }}>
          {data.nickname || data.accountNo}
        </Typography>
        {data.role !== 'user' ? (
          <Chip size="small" color="secondary" variant="outlined" label={t(`role.${data.role}`)} />
        ) : null}
      </Box>
      <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 0.5, mb: 2, overflowWrap: 'anywhere' }}>
        <IdText data-testid="admin-user-account-no">{data.accountNo}</IdText>
        {' · '}
        {data.email}
        {' · '}
        {t('user.registered', { date: formatDate(data.createdAt, i18n.language) })}
      </Typography>
      <Balances user={data} />
      <Box
        sx={{
          mt: 2,
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gridTemplateAreas: {
            xs: adjustable
              ? '"restrictions" "holds" "adjust" "lines" "history"'
              : '"restrictions" "holds" "lines" "history"',
            md: adjustable
              ? '"restrictions restrictions" "holds adjust" "lines lines" "history history"'
              : '"restrictions restrictions" "holds history" "lines lines"',
          },
        }}
      >
        <Box sx={{ gridArea: 'restrictions', minWidth: 0 }}>
          <RestrictionsCard accountNo={data.accountNo} canEdit={canRestrict(operator.role)} />
        </Box>
        <Box sx={{ gridArea: 'holds', minWidth: 0 }}>
          <Holds user={data} />
        </Box>
        {adjustable ? (
          <Box sx={{ gridArea: 'adjust', minWidth: 0 }}>
            <AdjustmentFormCard user={data} />
          </Box>
        ) : null}
        <Box sx={{ gridArea: 'lines', minWidth: 0 }}>
          <Lines lines={data.recentLines} />
        </Box>
        <Box sx={{ gridArea: 'history', minWidth: 0 }}>
          <SectionCard title={t('history.title')}>
            <HistoryList entries={data.history} />
          </SectionCard>
        </Box>
      </Box>
    </Box>
  );
}
