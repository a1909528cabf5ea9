import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Label–amount lines of a payment summary; the last one (the total) in bold. */
export function PriceLines({ lines, testId }: { lines: { label: ReactNode; value: ReactNode }[]; testId?: string }) {
  return (
    <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gap: 0.75 }} data-testid={testId}>
      {lines.map((line, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines
          key={index}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            typography: 'textMd',
            fontVariantNumeric: 'tabular-nums',
            ...(index === lines.length - 1
              ? { fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.75 }
              : { color: 'text.secondary' }),
          }}
        >
          <Typography component="dt" sx={{ font: 'inherit', color: 'inherit' }}>
            {line.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, font: 'inherit', color: 'inherit' }}>
            {line.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
