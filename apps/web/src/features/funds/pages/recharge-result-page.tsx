import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Recharge } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { IdText } from '../../../components/id-text.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRechargePolling } from '../api/get-recharge.ts';
import { useFundsSummary } from '../api/get-summary.ts';
import { fundsKeys } from '../api/keys.ts';
import { FailureReasonText } from '../components/failure-reason-text.tsx';
import { RechargeStatusChip } from '../components/recharge-status-chip.tsx';
import { centsToInput } from '../lib/amount.ts';
import { isSlow } from '../lib/recharge-poll.ts';
import { continueUrl, FUND_PATH, isSameSiteUrl } from '../lib/urls.ts';

/** 'Try again': the recharge form with the same amount and method. */
export function retryPath(recharge: Pick<Recharge, 'amountCents' | 'method'>): string {
  return `${FUND_PATH}?amount=${centsToInput(recharge.amountCents)}&method=${recharge.method}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
        {label}
      </Typography>
      <Typography
        component="div"
        sx={{ typography: 'textMd', fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function NewBalance() {
  const { t } = useTranslation('funds');
  const summary = useFundsSummary();
  return (
    <Box
      sx={(theme) => ({
        mt: 2,
        p: 2,
        borderRadius: 2,
        textAlign: 'center',
        bgcolor: alpha(theme.palette.success.main, 0.06),
        border: 1,
        borderColor: alpha(theme.palette.success.main, 0.3),
      })}
      data-testid="result-new-balance"
    >
      <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
        {t('result.newBalance')}
      </Typography>
      {summary.data && !summary.isFetching ? (
        <Typography
          sx={{ typography: 'text7xl', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
          data-testid="result-new-balance-amount"
        >
          {formatMoney(summary.data.availableCents)}
        </Typography>
      ) : summary.isError ? (
        <Typography color="text.secondary">—</Typography>
      ) : (
        <Skeleton width={140} height={40} sx={{ mx: 'auto' }} />
      )}
    </Box>
  );
}

function Outcome({ recharge, waitedMs }: { recharge: Recharge; waitedMs: number }) {
  const { t } = useTranslation('funds');
  const pay = continueUrl(recharge);
  const method = recharge.cardLast4
    ? t('recent.methodCard', { method: t(`methods.${recharge.method}`), last4: recharge.cardLast4 })
    : t(`methods.${recharge.method}`);

  const head =
    recharge.status === 'success' ? (
      <>
        <CheckCircleRounded color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('result.success.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('result.success.body', { amount: formatMoney(recharge.amountCents) })}
        </Typography>
      </>
    ) : recharge.status === 'failed' ? (
      <>
        <ErrorRounded color="error" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('result.failed.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="result-failure-reason">
          <FailureReasonText reason={recharge.failureReason} />
        </Typography>
      </>
    ) : (
      <>
        <CircularProgress size={48} aria-hidden="true" />
        <Typography variant="h5" component="h1" sx={{ mt: 1.5 }}>
          {t('result.waiting.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('result.waiting.body')}
        </Typography>
        {pay ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textMd' }}>
            {t('result.waiting.notPaid')}
          </Typography>
        ) : null}
      </>
    );

  return (
    <>
      <Box sx={{ textAlign: 'center' }} role="status" aria-live="polite">
        {head}
      </Box>
      {recharge.status === 'recharging' && isSlow(waitedMs) ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('result.slow')}
        </Alert>
      ) : null}
      {recharge.status === 'success' ? <NewBalance /> : null}

      <Box sx={{ mt: 2.5 }} data-testid="result-details">
        <Detail label={t('result.details.status')}>
          <RechargeStatusChip status={recharge.status} />
        </Detail>
        <Detail label={t('result.details.amount')}>{formatMoney(recharge.amountCents)}</Detail>
        <Detail label={t('result.details.fee')}>{formatMoney(recharge.feeCents)}</Detail>
        <Detail label={recharge.status === 'success' ? t('result.details.total') : t('result.details.totalDue')}>
          {formatMoney(recharge.totalCents)}
        </Detail>
        <Detail label={t('result.details.method')}>{method}</Detail>
        <Detail label={t('result.details.id')}>
          <IdText wrap>{recharge.rechargeId}</IdText>
        </Detail>
        <Detail label={t('result.details.created')}>{formatDateTime(recharge.createdAt)}</Detail>
        {recharge.completedAt ? (
          <Detail label={t('result.details.completed')}>{formatDateTime(recharge.completedAt)}</Detail>
        ) : null}
      </Box>

      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
        {recharge.status === 'failed' ? (
          <Button variant="contained" component={RouterLink} to={retryPath(recharge)} startIcon={<ReplayRounded />}>
            {t('result.retry')}
          </Button>
        ) : null}
        {pay ? (
          isSameSiteUrl(pay) ? (
            <Button variant="outlined" component={RouterLink} to={pay} endIcon={<OpenInNewRounded />}>
              {t('result.continue')}
            </Button>
          ) : (
            <Button variant="outlined" href={pay} endIcon={<OpenInNewRounded />}>
              {t('result.continue')}
            </Button>
          )
        ) : null}
        <Button
          variant={recharge.status === 'success' ? 'contained' : 'text'}
          component={RouterLink}
          to={FUND_PATH}
          startIcon={<ArrowBackRounded />}
        >
          {t('result.back')}
        </Button>
      </Box>
    </>
  );
}

/**
 * /console/fund/recharge/result?rechargeId=…: where the provider returns the browser. Follows the top-up until the
 * provider's webhook has settled it (success with the new balance, or failure with its reason and 'Try again').
 */
export function RechargeResultPage() {
  const { t } = useTranslation('funds');
  usePageTitle(t('result.title'));
  const [params] = useSearchParams();
  const rechargeId = params.get('rechargeId')?.trim() ?? '';
  const [startedAt] = useState(() => Date.now());
  const recharge = useRechargePolling(rechargeId, startedAt);
  const queryClient = useQueryClient();
  const status = recharge.data?.status;

  // Once final, the balances, the top-up list and the history have changed.
  useEffect(() => {
    if (status !== 'success' && status !== 'failed') return;
    void queryClient.invalidateQueries({ queryKey: fundsKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: fundsKeys.rechargesAll() });
    void queryClient.invalidateQueries({ queryKey: fundsKeys.transactionsAll() });
  }, [status, queryClient]);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }} data-testid="recharge-result" data-status={status ?? ''}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 560, p: { xs: 2.5, md: 4 } }}>
        {!rechargeId ? (
          <Box sx={{ textAlign: 'center' }}>
            <Typography variant="h5" component="h1">
              {t('result.title')}
            </Typography>
            <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }}>
              {t('result.missing')}
            </Alert>
            <Button sx={{ mt: 2 }} component={RouterLink} to={FUND_PATH} startIcon={<ArrowBackRounded />}>
              {t('result.back')}
            </Button>
          </Box>
        ) : recharge.data ? (
          <Outcome recharge={recharge.data} waitedMs={recharge.dataUpdatedAt - startedAt} />
        ) : recharge.isError ? (
          <Box>
            <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
              {t('result.title')}
            </Typography>
            <ErrorView error={recharge.error} onRetry={() => void recharge.refetch()} />
            <Button sx={{ mt: 2 }} component={RouterLink} to={FUND_PATH} startIcon={<ArrowBackRounded />}>
              {t('result.back')}
            </Button>
          </Box>
        ) : (
          <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5, justifyItems: 'center' }}>
            <Skeleton variant="circular" width={56} height={56} />
            <Skeleton width="60%" height={36} />
            <Skeleton variant="rounded" width="100%" height={200} />
          </Box>
        )}
      </Paper>
    </Box>
  );
}
