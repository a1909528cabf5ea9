import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ApplySettlementCard } from '../components/apply-settlement-card.tsx';
import { SettlementRecords } from '../components/settlement-records.tsx';

/** /console/fund/settlements: apply to settle earnings (to the balance or by wire), then the records. */
export function SettlementsPage() {
  const { t } = useTranslation('payouts');
  usePageTitle(t('settle.title'));
  // The minimum and fee are parameters (the server's values); the subtitle names them once they are known.
  const parameters = usePublicParameters().data;
  return (
    <Box data-testid="settlements-page" sx={{ pb: { xs: 3, md: 0 } }}>
      <PageHeader
        title={t('settle.title')}
        subtitle={
          parameters
            ? t('settle.subtitle', {
                min: formatMoney(parameters.settlementMinCents),
                fee: formatMoney(parameters.settlementFeeCents),
              })
            : t('settle.subtitleShort')
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, md: 2.5 } }}>
        <ApplySettlementCard />
        <SettlementRecords />
      </Box>
    </Box>
  );
}
