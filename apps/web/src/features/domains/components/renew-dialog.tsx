import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { DOMAIN_RULES, type MyDomain } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useRenewDomain } from '../api/renew-domain.ts';
import { orderAmounts, renewalTotal } from '../lib/operations.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DomainMutationError } from './domain-error.tsx';
import { PriceLines } from './price-lines.tsx';
import { pendingMoney, useTaxRate } from './use-tax-rate.ts';
import { YearsSelect } from './years-select.tsx';

/**
 * Renews one domain for 1–10 years at its renewal price, paid from the balance (a short balance opens the
 * api client's recharge prompt). The registrar's result comes later: the dialog then says so.
 */
export function RenewDialog({ domain, onClose }: { domain: MyDomain; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const renew = useRenewDomain();
  const [years, setYears] = useState<number>(DOMAIN_RULES.renewYearsMin);
  const [key] = useState(newIdempotencyKey);
  const tax = useTaxRate();
  const order = tax.bps === undefined ? null : orderAmounts(renewalTotal(domain.renewalPriceCents, years), tax.bps);

  if (renew.isSuccess) {
    return (
      <DialogFrame title={t('renew.title', { name: domain.name })} cancelLabel={t('actions.close')} onClose={onClose}>
        <Alert severity="success" role="status">
          {t('renew.accepted', { name: domain.name, years, amount: formatMoney(renew.data.amountCents) })}
        </Alert>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      title={t('renew.title', { name: domain.name })}
      submitLabel={t('renew.pay', { amount: pendingMoney(formatMoney, order?.totalCents) })}
      cancelLabel={t('actions.cancel')}
      pending={renew.isPending}
      onSubmit={() => renew.mutate({ name: domain.name, years, idempotencyKey: key })}
      onClose={onClose}
      testId="renew-dialog"
    >
      {domain.expiresAt ? (
        <Typography sx={{ typography: 'textMd', mb: 1 }} color="text.secondary">
          {t('renew.expires', { date: formatDate(domain.expiresAt) })}
        </Typography>
      ) : null}
      <YearsSelect value={years} onChange={setYears} />
      <PriceLines
        testId="renew-price"
        lines={[
          { label: t('renew.pricePerYear'), value: formatMoney(domain.renewalPriceCents) },
          { label: t('renew.yearsLine'), value: `× ${years}` },
          { label: tax.label, value: pendingMoney(formatMoney, order?.taxCents) },
          { label: t('renew.total'), value: pendingMoney(formatMoney, order?.totalCents) },
        ]}
      />
      <Typography sx={{ typography: 'textSm', mt: 1.5 }} color="text.secondary">
        {t('renew.fromBalance')}
      </Typography>
      <DomainMutationError error={renew.error} />
    </DialogFrame>
  );
}
