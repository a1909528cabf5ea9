import Chip from '@mui/material/Chip';
import type { OrderSource } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { sourceTone } from '../lib/order-status.ts';

/** Where the order comes from (auction, buy now, offer, …) as a small outlined label. */
export function OrderSourceLabel({ source }: { source: OrderSource }) {
  const { t } = useTranslation('orders');
  const name = t(`source.${source}`);
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color={sourceTone(source)}
      label={name}
      aria-label={t('source.label', { source: name })}
      data-testid="order-source"
      data-source={source}
      sx={{ height: 20, typography: 'textXs', fontWeight: 600, '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}
