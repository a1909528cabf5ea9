import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import BalanceOutlined from '@mui/icons-material/BalanceOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PublicRounded from '@mui/icons-material/PublicRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { common } from '@mui/material/colors';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BRAND } from '../../../app/theme.ts';
import { IconTile } from '../../../components/icon-tile.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { PageHero } from '../components/page-hero.tsx';
import { SUPPORT_PATHS } from '../lib/paths.ts';

export const ABOUT_FACTS = ['listings', 'auction', 'payment', 'languages'] as const;

export const ABOUT_DIFFERENCES: { key: string; icon: ReactNode }[] = [
  { key: 'oneRulebook', icon: <BalanceOutlined /> },
  { key: 'deposits', icon: <AccountBalanceWalletOutlined /> },
  { key: 'refund', icon: <VerifiedUserOutlined /> },
  { key: 'anyRegistrar', icon: <SwapHorizRounded /> },
  { key: 'bilingual', icon: <TranslateRounded /> },
  { key: 'security', icon: <LockOutlined /> },
];

export const ABOUT_VALUES: { key: string; icon: ReactNode }[] = [
  { key: 'transparency', icon: <VisibilityOutlined /> },
  { key: 'fairness', icon: <HandshakeOutlined /> },
  { key: 'security', icon: <LockOutlined /> },
  { key: 'service', icon: <SupportAgentOutlined /> },
];

function Section({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: { xs: 7, md: 10 } }}>
      <Typography variant="overline" color="primary" sx={{ display: 'block', typography: 'textSm' }}>
        {eyebrow}
      </Typography>
      <Typography
        id={id}
        variant="h4"
        component="h2"
        sx={{ typography: 'aboutSection', mb: { xs: 3, md: 4 }, maxWidth: 720 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** About us: the company, its mission, what makes it different and its values. */
export function AboutPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('about.title'));

  return (
    <Box sx={{ bgcolor: 'background.default', pb: { xs: 7, md: 10 } }}>
      <PageHero overlap eyebrow={t('about.eyebrow')} title={t('about.heroTitle')} subtitle={t('about.heroSubtitle')} />

      <Container maxWidth="lg">
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: { xs: -3, md: -5 },
            position: 'relative',
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            bgcolor: 'background.paper',
            borderRadius: 4,
            border: 1,
            borderColor: 'divider',
            boxShadow: '0 20px 50px rgba(15, 23, 42, 0.08)',
            overflow: 'hidden',
          }}
        >
          {ABOUT_FACTS.map((fact, index) => (
            <Box
              key={fact}
              sx={{
                p: { xs: 2.25, md: 3.5 },
                // Widths and style per breakpoint; the colour once (a border shorthand would reset it).
                borderStyle: 'solid',
                borderWidth: 0,
                borderLeftWidth: { xs: index % 2 === 0 ? 0 : 1, md: index === 0 ? 0 : 1 },
                borderTopWidth: { xs: index >= 2 ? 1 : 0, md: 0 },
                borderColor: 'divider',
                display: 'flex',
                flexDirection: 'column-reverse',
                justifyContent: 'flex-end',
              }}
            >
              <Typography
                component="dt"
                color="text.secondary"
                sx={{ typography: { xs: 'textSm', md: 'textLg' }, mt: 0.5, lineHeight: 1.5 }}
              >
                {t(`about.facts.${fact}.label`)}
              </Typography>
              <Typography
                component="dd"
                sx={(theme) => ({
                  m: 0,
                  fontWeight: 800,
                  typography: 'aboutFigure',
                  letterSpacing: '-0.02em',
                  background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
                  WebkitBackgroundClip: 'text',
                  backgroundClip: 'text',
                  color: 'transparent',
                })}
              >
                {t(`about.facts.${fact}.value`)}
              </Typography>
            </Box>
          ))}
        </Box>

        <Box
          sx={{
            mt: { xs: 7, md: 10 },
            display: 'grid',
            gap: { xs: 4, md: 8 },
            gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
            alignItems: 'start',
          }}
        >
          <Box component="section" aria-labelledby="about-company">
            <Typography variant="overline" color="primary" sx={{ display: 'block', typography: 'textSm' }}>
              {t('about.company.eyebrow')}
            </Typography>
            <Typography id="about-company" variant="h4" component="h2" sx={{ typography: 'aboutSection' }}>
              {t('about.company.title')}
            </Typography>
            <Box
              sx={{
                mt: 2.5,
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                color: 'text.secondary',
                typography: 'textLg',
              }}
            >
              <PublicRounded fontSize="small" color="primary" />
              {t('about.company.location')}
            </Box>
          </Box>
          <Stack spacing={2}>
            {(['p1', 'p2', 'p3'] as const).map((key) => (
              <Typography
                key={key}
                sx={{ typography: { xs: 'textXl', md: 'text2xl' }, lineHeight: 1.85, color: 'text.prose' }}
              >
                {t(`about.company.${key}`)}
              </Typography>
            ))}
          </Stack>
        </Box>

        <Box
          component="section"
          aria-labelledby="about-mission"
          sx={(theme) => ({
            mt: { xs: 7, md: 10 },
            p: { xs: 3.5, md: 7 },
            borderRadius: 5,
            color: 'common.white',
            position: 'relative',
            overflow: 'hidden',
            background: `linear-gradient(135deg, ${BRAND.navy} 0%, ${theme.palette.primary.dark} 65%, ${theme.palette.secondary.main} 140%)`,
          })}
        >
          <Typography variant="overline" sx={{ color: alpha(common.white, 0.7), typography: 'textSm' }}>
            {t('about.mission.eyebrow')}
          </Typography>
          <Typography
            id="about-mission"
            component="h2"
            sx={{ fontWeight: 800, typography: 'aboutMission', lineHeight: 1.3, mt: 1, maxWidth: 900 }}
          >
            {t('about.mission.statement')}
          </Typography>
          <Typography
            sx={{
              mt: 2.5,
              color: alpha(common.white, 0.78),
              typography: { xs: 'textXl', md: 'text2xl' },
              lineHeight: 1.8,
              maxWidth: 820,
            }}
          >
            {t('about.mission.body')}
          </Typography>
        </Box>

        <Section id="about-different" eyebrow={t('about.different.eyebrow')} title={t('about.different.title')}>
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 2, md: 3 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {ABOUT_DIFFERENCES.map((item) => (
              <Paper key={item.key} variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3 }}>
                <IconTile gradient>{item.icon}</IconTile>
                <Typography component="h3" sx={{ fontWeight: 700, typography: 'text2xl', mt: 2 }}>
                  {t(`about.different.items.${item.key}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 0.75, lineHeight: 1.7, typography: 'textLg' }}>
                  {t(`about.different.items.${item.key}.body`)}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Section>

        <Section id="about-values" eyebrow={t('about.values.eyebrow')} title={t('about.values.title')}>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: { xs: 2, md: 3 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {ABOUT_VALUES.map((value, index) => (
              <Box component="li" key={value.key} sx={{ borderTop: 3, borderColor: 'primary.main', pt: 2.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'primary.main' }}>
                  {value.icon}
                  <Typography sx={{ fontWeight: 800, color: 'text.secondary', typography: 'textSm' }}>
                    {String(index + 1).padStart(2, '0')}
                  </Typography>
                </Box>
                <Typography component="h3" sx={{ fontWeight: 700, typography: 'text3xl', mt: 1.5 }}>
                  {t(`about.values.items.${value.key}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 0.75, lineHeight: 1.7, typography: 'textLg' }}>
                  {t(`about.values.items.${value.key}.body`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Section>

        <Paper
          variant="outlined"
          sx={{
            mt: { xs: 7, md: 10 },
            p: { xs: 3, md: 5 },
            borderRadius: 4,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            gap: 3,
          }}
        >
          <Box sx={{ flex: 1 }}>
            <Typography variant="h5" component="h2">
              {t('about.cta.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.7 }}>
              {t('about.cta.body')}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: { xs: '100%', md: 'auto' } }}>
            <Button
              component={RouterLink}
              to={SUPPORT_PATHS.contactUs}
              variant="contained"
              size="large"
              endIcon={<ArrowForwardRounded />}
            >
              {t('about.cta.contact')}
            </Button>
            <Button component={RouterLink} to={SUPPORT_PATHS.intro} variant="outlined" size="large">
              {t('about.cta.learn')}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
