import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { MyDomain } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useRedeemDomain } from '../api/redeem-domain.ts';
import { orderAmounts } from '../lib/operations.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DomainMutationError } from './domain-error.tsx';
import { PriceLines } from './price-lines.tsx';
import { pendingMoney, useTaxRate } from './use-tax-rate.ts';

/** Restores a domain in its redemption period for the restore fee, paid from the balance; the result comes later. */
export function RedeemDialog({ domain, onClose }: { domain: MyDomain; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const redeem = useRedeemDomain();
  const [key] = useState(newIdempotencyKey);
  const tax = useTaxRate();
  const order = tax.bps === undefined ? null : orderAmounts(domain.redemptionPriceCents, tax.bps);

  if (redeem.isSuccess) {
    return (
      <DialogFrame title={t('redeem.title', { name: domain.name })} cancelLabel={t('actions.close')} onClose={onClose}>
        <Alert severity="success" role="status">
          {t('redeem.accepted', { name: domain.name, amount: formatMoney(redeem.data.amountCents) })}
        </Alert>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      title={t('redeem.title', { name: domain.name })}
      submitLabel={t('redeem.pay', { amount: pendingMoney(formatMoney, order?.totalCents) })}
      cancelLabel={t('actions.cancel')}
      pending={redeem.isPending}
      onSubmit={() => redeem.mutate({ name: domain.name, idempotencyKey: key })}
      onClose={onClose}
      testId="redeem-dialog"
    >
      <Typography sx={{ typography: 'textMd' }}>{t('redeem.body')}</Typography>
      <PriceLines
        testId="redeem-price"
        lines={[
          { label: t('redeem.fee'), value: formatMoney(domain.redemptionPriceCents) },
          { label: tax.label, value: pendingMoney(formatMoney, order?.taxCents) },
          { label: t('renew.total'), value: pendingMoney(formatMoney, order?.totalCents) },
        ]}
      />
      <Typography sx={{ typography: 'textSm', mt: 1.5 }} color="text.secondary">
        {t('renew.fromBalance')}
      </Typography>
      <DomainMutationError error={redeem.error} />
    </DialogFrame>
  );
}
