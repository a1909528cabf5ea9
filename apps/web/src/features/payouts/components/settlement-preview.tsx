import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FUNDS_LIMITS } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { settlementPreview } from '../lib/settlement-form';

/** The amount typed, the fee and the net amount, updated as the amount is typed. */
export function SettlementPreview({ amount }: { amount: string }) {
  const { t } = useTranslation('payouts');
  const preview = settlementPreview(amount);
  return (
    <Box
      sx={{ bgcolor: 'background.default', borderRadius: 2, p: 2, display: 'grid', gap: 0.75 }}
      aria-live="polite"
      data-testid="settle-preview"
    >
      <Row label={t('settle.form.amountLine')} value={preview ? formatMoney(preview.amountCents) : '—'} />
      <Row
        label={t('settle.form.feeLine')}
        value={`− ${formatMoney(FUNDS_LIMITS.settlementFeeCents)}`}
        testId="settle-fee"
      />
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75 }}>
        <Row
          label={t('settle.form.netLine')}
          value={preview ? formatMoney(preview.netCents) : '—'}
          strong
          testId="settle-net"
        />
      </Box>
    </Box>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography
        sx={{ typography: 'textMd', color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: strong ? 16 : 14, fontWeight: strong ? 800 : 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}
