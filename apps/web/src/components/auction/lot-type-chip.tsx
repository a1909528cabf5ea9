import Chip, { type ChipProps } from '@mui/material/Chip';
import type { LotType } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

/** "预释放" / "过期" / "卖家拍卖" (pre-release / expired / seller auction) as a small coloured chip. */
export function LotTypeChip({ type, ...rest }: { type: LotType } & Omit<ChipProps, 'label'>) {
  const { t } = useTranslation('auctions');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === 'pre-release' ? 'secondary' : type === 'seller' ? 'primary' : 'warning'}
      label={t(`type.${type}`)}
      data-type={type}
      {...rest}
    />
  );
}
