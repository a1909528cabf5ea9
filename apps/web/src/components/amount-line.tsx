import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/**
 * One line of a money summary (amount, fee, tax, total): the label on the left, the figure on the right in
 * tabular digits; `strong` for the total.
 */
export function AmountLine({
  label,
  value,
  strong = false,
  testId,
  sx,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** On the figure. */
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box sx={[{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }, ...toArray(sx)]}>
      <Typography
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ typography: 'textMd', fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        sx={{ fontSize: strong ? 18 : 14, fontWeight: strong ? 800 : 600, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

function toArray(sx: SxProps<Theme> | undefined) {
  return sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
}
