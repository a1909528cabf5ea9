import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SecurityOverview as Overview, SecurityLevel } from '../lib/security-checklist.ts';

const LEVEL_COLOR: Record<SecurityLevel, 'error' | 'warning' | 'success'> = {
  low: 'error',
  medium: 'warning',
  high: 'success',
};

function scrollTo(anchor: string) {
  const element = document.getElementById(anchor);
  element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  element?.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled])')?.focus({ preventScroll: true });
}

/** Score ring and checklist of the security centre. */
export function SecurityOverview({ overview }: { overview: Overview }) {
  const { t } = useTranslation('security');
  const color = LEVEL_COLOR[overview.level];
  const remaining = overview.items.filter((item) => !item.done).length;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="security-overview-title"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: { xs: 2, md: 4 },
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { sm: 'center' },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexShrink: 0 }}>
          <Box sx={{ position: 'relative', width: 96, height: 96 }}>
            <CircularProgress
              variant="determinate"
              value={100}
              size={96}
              thickness={4}
              sx={{ color: 'divider', position: 'absolute' }}
              aria-hidden
            />
            <CircularProgress
              variant="determinate"
              value={overview.score}
              size={96}
              thickness={4}
              color={color}
              aria-label={t('overview.scoreLabel', { score: overview.score })}
            />
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', alignContent: 'center' }}>
              <Typography sx={{ typography: 'text8xl', fontWeight: 800, lineHeight: 1 }} data-testid="security-score">
                {overview.score}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                / 100
              </Typography>
            </Box>
          </Box>
          <Box>
            <Typography id="security-overview-title" component="h2" sx={{ fontWeight: 700, typography: 'text2xl' }}>
              {t('overview.title')}
            </Typography>
            <Typography sx={{ fontWeight: 700, color: `${color}.main`, mt: 0.25 }}>
              {t(`overview.level.${overview.level}`)}
            </Typography>
            <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 0.25, maxWidth: 260 }}>
              {remaining === 0 ? t('overview.allDone') : t('overview.remaining', { n: remaining })}
            </Typography>
          </Box>
        </Box>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            flex: 1,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
            columnGap: 3,
            rowGap: 0.5,
          }}
        >
          {overview.items.map((item) => (
            <Box
              component="li"
              key={item.key}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36 }}
              data-testid={`check-${item.key}`}
              data-done={item.done}
            >
              {item.done ? (
                <CheckCircleRounded fontSize="small" color="success" />
              ) : (
                <RadioButtonUncheckedRounded fontSize="small" sx={{ color: 'text.disabled' }} />
              )}
              <Typography sx={{ flex: 1, typography: 'textMd', color: item.done ? 'text.primary' : 'text.secondary' }}>
                {t(`overview.items.${item.key}`)}
              </Typography>
              {item.done ? null : (
                <Button size="small" onClick={() => scrollTo(item.anchor)} sx={{ minWidth: 0, px: 1 }}>
                  {t('overview.setUp')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
