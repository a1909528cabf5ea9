import { useTranslation } from 'react-i18next';
import { usePublicParameters } from '../../../lib/public-parameters.ts';

/**
 * The tax rate of the orders a domain operation creates (renewal, redemption): the server's tax rate parameter now,
 * never a copy in the bundle. `bps` is undefined while it loads; `label` names the tax line either way.
 */
export function useTaxRate(): { bps: number | undefined; label: string } {
  const { t } = useTranslation('domains');
  const bps = usePublicParameters().data?.taxRateBps;
  return { bps, label: bps === undefined ? t('renew.taxLabel') : t('renew.tax', { rate: bps / 100 }) };
}

/** Cents as money text, or '…' while the amount waits for the tax rate. */
export function pendingMoney(format: (cents: number) => string, cents: number | undefined): string {
  return cents === undefined ? '…' : format(cents);
}
