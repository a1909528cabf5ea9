import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AmountLine } from '../../../components/amount-line.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { type SettlementRule, settlementPreview } from '../lib/settlement-form.ts';

/**
 * The amount typed, the fee and the net amount, updated as the amount is typed. Below the minimum there is
 * no net amount to promise: the preview says the minimum instead (the server refuses such an amount).
 */
export function SettlementPreview({ amount, rule }: { amount: string; rule: SettlementRule }) {
  const { t } = useTranslation('payouts');
  const typed = settlementPreview(amount, rule.settlementFeeCents);
  const belowMinimum = typed !== null && typed.amountCents < rule.settlementMinCents;
  const preview = belowMinimum ? null : typed;
  return (
    <Box
      sx={{ bgcolor: 'background.default', borderRadius: 2, p: 2, display: 'grid', gap: 0.75 }}
      aria-live="polite"
      data-testid="settle-preview"
    >
      <AmountLine label={t('settle.form.amountLine')} value={typed ? formatMoney(typed.amountCents) : '—'} />
      <AmountLine
        label={t('settle.form.feeLine')}
        value={`− ${formatMoney(rule.settlementFeeCents)}`}
        testId="settle-fee"
      />
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75 }}>
        <AmountLine
          label={t('settle.form.netLine')}
          value={preview ? formatMoney(preview.netCents) : '—'}
          strong
          testId="settle-net"
        />
      </Box>
      {belowMinimum ? (
        <Typography sx={{ typography: 'textSm', color: 'warning.dark' }} data-testid="settle-below-minimum">
          {t('settle.form.belowMinimum', { min: formatMoney(rule.settlementMinCents) })}
        </Typography>
      ) : null}
    </Box>
  );
}
