import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { common } from '@mui/material/colors';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { SUPPORT } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BRAND, ON_DARK_FOCUS } from '../../../app/theme.ts';

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1.75,
        alignItems: 'flex-start',
        p: { xs: 2, md: 2.5 },
        borderRadius: 3,
        bgcolor: alpha(common.white, 0.07),
        border: `1px solid ${alpha(common.white, 0.12)}`,
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: alpha(common.white, 0.12),
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ typography: 'textSm', color: alpha(common.white, 0.66) }}>{label}</Typography>
        <Box sx={{ mt: 0.25, fontWeight: 700, typography: { xs: 'textLg', md: 'textXl' }, wordBreak: 'break-word' }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}

/** Support hours, the service and business mailboxes, and the way to the contact form. */
export function ContactBlock() {
  const { t } = useTranslation('home');
  const { open, close } = SUPPORT.hours;
  return (
    <Box component="section" aria-labelledby="home-contact" sx={{ py: { xs: 7, md: 11 } }}>
      <Container maxWidth="lg">
        <Box
          sx={(theme) => ({
            position: 'relative',
            overflow: 'hidden',
            borderRadius: { xs: 4, md: 6 },
            p: { xs: 3, sm: 4, md: 7 },
            color: 'common.white',
            ...ON_DARK_FOCUS,
            background: `linear-gradient(135deg, ${BRAND.navy} 0%, ${theme.palette.primary.dark} 60%, ${theme.palette.secondary.main} 135%)`,
            display: 'grid',
            gap: { xs: 3.5, md: 6 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
            alignItems: 'center',
          })}
        >
          <Box>
            <Typography variant="overline" sx={{ color: alpha(common.white, 0.7), typography: 'textSm' }}>
              {t('contact.eyebrow')}
            </Typography>
            <Typography
              id="home-contact"
              variant="h3"
              component="h2"
              sx={{ mt: 0.5, typography: 'bannerTitle', lineHeight: 1.2 }}
            >
              {t('contact.title')}
            </Typography>
            <Typography
              sx={{
                mt: 1.75,
                color: alpha(common.white, 0.78),
                lineHeight: 1.75,
                typography: { xs: 'textXl', md: 'text2xl' },
              }}
            >
              {t('contact.subtitle')}
            </Typography>
            <Button
              component={RouterLink}
              to="/contact-us"
              size="large"
              endIcon={<ArrowForwardRounded />}
              sx={{
                mt: 3.5,
                bgcolor: 'common.white',
                color: 'primary.dark',
                '&:hover': { bgcolor: alpha(common.white, 0.9) },
              }}
            >
              {t('contact.action')}
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <ContactItem icon={<ScheduleRounded />} label={t('contact.hoursLabel')}>
              {t('contact.hoursValue', { open, close })}
            </ContactItem>
            <ContactItem icon={<MailOutlineRounded />} label={t('contact.serviceLabel')}>
              <Link href={`mailto:${SUPPORT.serviceEmail}`} color="inherit" underline="hover">
                {SUPPORT.serviceEmail}
              </Link>
            </ContactItem>
            <ContactItem icon={<BusinessCenterOutlined />} label={t('contact.businessLabel')}>
              <Link href={`mailto:${SUPPORT.businessEmail}`} color="inherit" underline="hover">
                {SUPPORT.businessEmail}
              </Link>
            </ContactItem>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
