import GavelRounded from '@mui/icons-material/GavelRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const BRAND_POINTS = [
  { key: 'auctions', Icon: GavelRounded },
  { key: 'secure', Icon: LockRounded },
  { key: 'global', Icon: PublicRounded },
] as const;

/** The brand panel beside the form on desktop (hidden on phones, where the form comes first). */
function BrandPanel() {
  const { t } = useTranslation('account');
  return (
    <Box
      aria-hidden="true"
      sx={(theme) => ({
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 4,
        p: { md: 5, lg: 6 },
        color: 'common.white',
        borderRadius: 4,
        position: 'relative',
        overflow: 'hidden',
        background: `linear-gradient(150deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.primary.light} 100%)`,
        '&::after': {
          content: '""',
          position: 'absolute',
          width: 420,
          height: 420,
          right: -160,
          bottom: -180,
          borderRadius: '50%',
          border: `60px solid ${alpha(theme.palette.common.white, 0.07)}`,
        },
      })}
    >
      <Box>
        <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: 2 }}>
          {t('brand.kicker')}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 1, lineHeight: 1.3 }}>
          {t('brand.title')}
        </Typography>
        <Typography sx={{ mt: 2, opacity: 0.85, lineHeight: 1.7, maxWidth: 420 }}>{t('brand.body')}</Typography>
      </Box>
      <Stack spacing={2.5} sx={{ position: 'relative', zIndex: 1 }}>
        {BRAND_POINTS.map(({ key, Icon }) => (
          <Box key={key} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box
              sx={(theme) => ({
                width: 40,
                height: 40,
                flexShrink: 0,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: alpha(theme.palette.common.white, 0.14),
              })}
            >
              <Icon fontSize="small" />
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`brand.points.${key}.title`)}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.8 }}>
                {t(`brand.points.${key}.body`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title (a step indicator). */
  header?: ReactNode;
  /** Under the card (links to the other account pages). */
  footer?: ReactNode;
  children: ReactNode;
}

/** Two columns on desktop (brand panel + form card), one column on phones. */
export function AuthLayout({ title, subtitle, header, footer, children }: AuthLayoutProps) {
  return (
    <Box
      sx={{
        bgcolor: 'background.default',
        minHeight: { md: 'calc(100vh - 68px - 56px)' },
        py: { xs: 2, sm: 4, md: 6 },
        px: { xs: 1.5, sm: 3 },
        display: 'flex',
        alignItems: { md: 'center' },
      }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 1120,
          mx: 'auto',
          display: 'grid',
          gap: { md: 4, lg: 6 },
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'stretch',
        }}
      >
        <BrandPanel />
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
          <Paper
            component="section"
            variant="outlined"
            sx={{ p: { xs: 2.5, sm: 4, lg: 5 }, borderRadius: 4, width: '100%', maxWidth: 520, mx: 'auto' }}
          >
            {header}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="text.secondary" sx={{ mt: 0.75, lineHeight: 1.6 }}>
                {subtitle}
              </Typography>
            ) : null}
            <Box sx={{ mt: 3 }}>{children}</Box>
          </Paper>
          {footer ? (
            <Box sx={{ mt: 2.5, textAlign: 'center', width: '100%', maxWidth: 520, mx: 'auto' }}>{footer}</Box>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
