import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One bar: what it counts, its value (the bar's length) and the text shown beside it. */
export interface StatsBar {
  key: string;
  label: string;
  value: number;
  /** The figure written on the bar (its value formatted, and more). */
  text: string;
}

const share = (value: number, max: number) => (max > 0 ? Math.max(value > 0 ? 2 : 0, (value / max) * 100) : 0);

/**
 * Horizontal bars, one row each: the label, the bar (its length against the largest value) and its text, so the
 * figures read without the bar. A list: screen readers read each row's label and text.
 */
export function StatsBarList({ bars, label, testId }: { bars: StatsBar[]; label: string; testId?: string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <Box
      component="ul"
      aria-label={label}
      data-testid={testId}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {bars.map((bar) => (
        <Box
          component="li"
          key={bar.key}
          data-bar={bar.key}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '72px 1fr', sm: '96px 1fr' },
            gridTemplateAreas: { xs: '"label text" "bar bar"', sm: '"label bar" ". text"' },
            columnGap: 1.5,
            rowGap: 0.25,
            alignItems: 'center',
          }}
        >
          <Typography sx={{ gridArea: 'label', typography: 'textSm', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {bar.label}
          </Typography>
          <Box
            sx={{ gridArea: 'bar', height: 12, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
            aria-hidden
          >
            <Box
              sx={{ width: `${share(bar.value, max)}%`, height: '100%', bgcolor: 'primary.main', borderRadius: 1 }}
            />
          </Box>
          <Typography
            sx={{ gridArea: 'text', typography: 'textSm', color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
          >
            {bar.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Vertical columns (the months on wide screens): each with its figure above and its label under it. Drawn for
 * the eye only (aria-hidden): the page gives screen readers the same figures as a table.
 */
export function StatsColumns({ bars, height = 160 }: { bars: StatsBar[]; height?: number }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <Box
      aria-hidden
      data-testid="stats-columns"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))`, gap: 1, alignItems: 'end' }}
    >
      {bars.map((bar) => (
        <Box key={bar.key} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 0 }}>
          <Typography
            sx={{
              typography: 'textXs',
              color: 'text.secondary',
              fontVariantNumeric: 'tabular-nums',
              whiteSpace: 'nowrap',
            }}
          >
            {bar.text}
          </Typography>
          <Box
            sx={{ height, width: '100%', display: 'flex', alignItems: 'flex-end', justifyContent: 'center', mt: 0.5 }}
          >
            <Box
              sx={{
                width: '70%',
                maxWidth: 40,
                height: `${share(bar.value, max)}%`,
                bgcolor: 'primary.main',
                borderRadius: '4px 4px 0 0',
              }}
            />
          </Box>
          <Typography sx={{ typography: 'textXs', mt: 0.5, whiteSpace: 'nowrap' }}>{bar.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
