import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { useFundsSummary } from '../api/get-funds-summary.ts';
import { usePayees } from '../api/get-payees.ts';
import { SettlementApplyForm } from './settlement-apply-form.tsx';

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{label}</Typography>
      <Typography
        data-testid={testId}
        sx={{
          fontSize: strong ? { xs: 24, md: 28 } : 18,
          fontWeight: 800,
          mt: 0.25,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The application card: available earnings, the form, the fee and net amount live. */
export function ApplySettlementCard() {
  const { t } = useTranslation('payouts');
  const summary = useFundsSummary();
  const payees = usePayees();
  // The minimum and fee are parameters: the server's values, never a copy in the bundle.
  const parameters = usePublicParameters();

  let body: React.ReactNode;
  if (summary.isPending || payees.isPending || parameters.isPending)
    body = (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  else if (summary.isError) body = <ErrorView error={summary.error} onRetry={() => void summary.refetch()} />;
  else if (payees.isError) body = <ErrorView error={payees.error} onRetry={() => void payees.refetch()} />;
  else if (parameters.isError) body = <ErrorView error={parameters.error} onRetry={() => void parameters.refetch()} />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', gap: { xs: 3, md: 6 }, flexWrap: 'wrap' }}>
          <Figure
            label={t('settle.earnings')}
            value={formatMoney(summary.data.earningsCents)}
            testId="settle-earnings"
            strong
          />
          <Figure
            label={t('settle.settling')}
            value={formatMoney(summary.data.settlingCents)}
            testId="settle-settling"
          />
        </Box>
        <SettlementApplyForm summary={summary.data} payees={payees.data} rule={parameters.data} />
      </Box>
    );

  return (
    <SectionCard id="settle-apply" title={t('settle.applyTitle')}>
      {body}
    </SectionCard>
  );
}
