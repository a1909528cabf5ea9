import Box, { type BoxProps } from '@mui/material/Box';
import { formatMoney, formatMoneyCompact } from '../../lib/format.ts';

export interface MoneyTextProps extends Omit<BoxProps, 'children'> {
  cents: number | null | undefined;
  /** "$12.3K" instead of "$12,300.00". */
  compact?: boolean;
  /** Shown for null/undefined. */
  fallback?: string;
}

/** Integer cents as USD text with tabular figures (formatting only here, at the edge). */
export function MoneyText({ cents, compact = false, fallback = '--', sx, ...rest }: MoneyTextProps) {
  const text =
    cents === null || cents === undefined ? fallback : compact ? formatMoneyCompact(cents) : formatMoney(cents);
  return (
    <Box
      component="span"
      sx={[{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    >
      {text}
    </Box>
  );
}
