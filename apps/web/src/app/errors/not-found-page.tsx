import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SpellcheckRounded from '@mui/icons-material/SpellcheckRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageHead } from '../../lib/page-head.tsx';
import { BRAND } from '../theme.ts';

interface CheckItem {
  key: string;
  icon: ComponentType<SvgIconProps>;
  text: string;
  link?: { to: string; label: string };
}

const CHECKLIST: CheckItem[] = [
  { key: 'address', icon: SpellcheckRounded, text: 'errors.notFound.checkAddress' },
  {
    key: 'explore',
    icon: TravelExploreRounded,
    text: 'errors.notFound.explore',
    link: { to: '/sale', label: 'errors.notFound.exploreLink' },
  },
  {
    key: 'search',
    icon: SearchRounded,
    text: 'errors.notFound.search',
    link: { to: '/', label: 'errors.notFound.searchLink' },
  },
];

/** Spec §2 404 page: a large '404', a detail text, a three-item checklist and a 'back home' button. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  usePageHead({ title: t('errors.notFound.title'), description: t('errors.notFound.detail'), noindex: true });
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Box
        sx={{
          position: 'relative',
          textAlign: 'center',
          px: { xs: 0, sm: 4 },
        }}
      >
        <Typography
          component="p"
          aria-hidden="true"
          sx={{
            typography: 'errorCode',
            lineHeight: 1,
            fontWeight: 900,
            letterSpacing: '-0.06em',
            backgroundImage: `linear-gradient(135deg, ${BRAND.blue} 10%, ${BRAND.violet} 70%, ${BRAND.orange} 130%)`,
            backgroundClip: 'text',
            WebkitBackgroundClip: 'text',
            color: 'transparent',
            userSelect: 'none',
          }}
        >
          {t('errors.notFound.code')}
        </Typography>
        <Typography component="h1" variant="h4" sx={{ mt: { xs: 2, md: 3 }, typography: 'errorTitle' }}>
          {t('errors.notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 560, mx: 'auto', lineHeight: 1.7 }}>
          {t('errors.notFound.detail')}
        </Typography>
      </Box>

      <Box
        component="section"
        aria-labelledby="not-found-checklist"
        sx={{
          mt: { xs: 4, md: 5 },
          mx: 'auto',
          maxWidth: 560,
          p: { xs: 2.5, sm: 3 },
          borderRadius: '20px',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 12px 32px -16px rgba(15, 23, 42, 0.18)',
        }}
      >
        <Typography id="not-found-checklist" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('errors.notFound.checklistTitle')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {CHECKLIST.map((item) => {
            const Icon = item.icon;
            return (
              <Box component="li" key={item.key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <Box
                  sx={{
                    width: 36,
                    height: 36,
                    flexShrink: 0,
                    borderRadius: '10px',
                    display: 'grid',
                    placeItems: 'center',
                    color: 'primary.main',
                    bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
                  }}
                >
                  <Icon fontSize="small" />
                </Box>
                <Box sx={{ minWidth: 0, pt: 0.75 }}>
                  <Typography sx={{ lineHeight: 1.5 }}>{t(item.text)}</Typography>
                  {item.link && (
                    <Link
                      component={RouterLink}
                      to={item.link.to}
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, fontWeight: 600 }}
                    >
                      {t(item.link.label)}
                      <ArrowForwardRounded sx={{ fontSize: 16 }} />
                    </Link>
                  )}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>

      <Box sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}>
        <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeRounded />}>
          {tc('actions.backHome')}
        </Button>
      </Box>
    </Container>
  );
}

export default NotFoundPage;
