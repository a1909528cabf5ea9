import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import GavelRounded from '@mui/icons-material/GavelRounded';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionHeading } from './section-heading.tsx';

export const HOW_STEPS: { key: string; icon: ReactNode }[] = [
  { key: 'bid', icon: <GavelRounded /> },
  { key: 'pay', icon: <AccountBalanceWalletOutlined /> },
  { key: 'delivery', icon: <LocalShippingOutlined /> },
  { key: 'transfer', icon: <SwapHorizRounded /> },
];

/** Four steps from bid to transfer, with the spec's rules (deposit, 72 h, ~27 days, any registrar). */
export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <Box component="section" aria-labelledby="home-how" sx={{ py: { xs: 7, md: 11 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <SectionHeading id="home-how" eyebrow={t('how.eyebrow')} title={t('how.title')} subtitle={t('how.subtitle')} />
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: { xs: 4, md: 6 },
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            counterReset: 'step',
          }}
        >
          {HOW_STEPS.map((step, index) => (
            <Box
              component="li"
              key={step.key}
              sx={(theme) => ({
                position: 'relative',
                p: { xs: 2.5, md: 3 },
                borderRadius: 4,
                border: `1px solid ${theme.palette.divider}`,
                bgcolor: 'background.default',
                overflow: 'hidden',
              })}
            >
              <Typography
                aria-hidden
                sx={(theme) => ({
                  position: 'absolute',
                  top: 8,
                  right: 16,
                  typography: 'stepNumber',
                  fontWeight: 800,
                  lineHeight: 1,
                  color: alpha(theme.palette.primary.main, 0.07),
                })}
              >
                {index + 1}
              </Typography>
              <Box
                sx={(theme) => ({
                  width: 48,
                  height: 48,
                  borderRadius: 3,
                  display: 'grid',
                  placeItems: 'center',
                  color: 'common.white',
                  background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
                  boxShadow: `0 10px 24px ${alpha(theme.palette.primary.main, 0.3)}`,
                })}
              >
                {step.icon}
              </Box>
              <Typography variant="overline" color="primary" sx={{ display: 'block', mt: 2.25, lineHeight: 1.5 }}>
                {t('how.step', { number: index + 1 })}
              </Typography>
              <Typography component="h3" sx={{ fontWeight: 700, typography: 'text3xl', mt: 0.25 }}>
                {t(`how.steps.${step.key}.title`)}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, typography: 'textLg', lineHeight: 1.7 }}>
                {t(`how.steps.${step.key}.body`)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: { xs: 3.5, md: 5 }, textAlign: 'center' }}>
          <Button
            component={RouterLink}
            to="/help-center/docs/intro/"
            variant="outlined"
            size="large"
            endIcon={<ArrowForwardRounded />}
          >
            {t('how.learnMore')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
