import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SUPPORT } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { BRAND, ON_DARK_FOCUS } from '../theme.ts';
import { footerYear, pageWidth } from './footer-rules.ts';
import { Logo } from './logo.tsx';
import { AlipayIcon, CardBrandIcon } from './payment-icons.tsx';

const MUTED = 'rgba(226, 232, 240, 0.72)';

const ABOUT_LINKS = [
  { to: '/about-us', label: 'footer.about.aboutUs' },
  { to: encodeURI('/help-center/docs/agreement/service agreement'), label: 'footer.about.serviceAgreement' },
  { to: '/help-center/docs/agreement/privacy', label: 'footer.about.privacy' },
  { to: '/help-center/docs/agreement/terms', label: 'footer.about.terms' },
];

const HELP_LINKS = [
  { to: '/help-center/', label: 'footer.help.helpCentre' },
  { to: '/help-center/docs/intro/', label: 'footer.help.introduction' },
  { to: '/help-center/docs/intro/zfaq/FAQ', label: 'footer.help.faq' },
  { to: '/help-center/blog', label: 'footer.help.announcements' },
];

const linkSx = {
  color: MUTED,
  typography: 'textMd',
  lineHeight: 1.6,
  '&:hover': { color: 'common.white' },
  '&:focus-visible': { outline: `2px solid ${BRAND.blueOnNavy}`, outlineOffset: 2, borderRadius: 0.5 },
} as const;

function Column({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" sx={{ color: 'common.white', fontWeight: 700, typography: 'textLg', mb: 2 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {children}
      </Box>
    </Box>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link component={RouterLink} to={to} sx={linkSx}>
        {children}
      </Link>
    </li>
  );
}

/** The full footer of spec §2: logo, About / Help center / Contact us columns, payment methods, copyright. */
export function Footer() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const year = footerYear('full');
  const { open, close } = SUPPORT.hours;

  return (
    <Box
      component="footer"
      aria-label={t('footer.label')}
      sx={{
        bgcolor: BRAND.navy,
        color: MUTED,
        ...ON_DARK_FOCUS,
        backgroundImage: `radial-gradient(1200px 300px at 10% -10%, rgba(31, 79, 224, 0.28), transparent 60%)`,
        pt: { xs: 6, md: 8 },
        pb: 3,
      }}
    >
      <Container maxWidth={false} sx={{ maxWidth: pageWidth(pathname) }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Logo tone="light" />
            <Typography
              sx={{
                mt: 2,
                typography: 'textMd',
                lineHeight: 1.7,
                maxWidth: { xs: 360, md: 520, lg: 360 },
                color: MUTED,
              }}
            >
              {t('footer.tagline')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 6, md: 4, lg: 2.5 }}>
            <Column id="footer-about" title={t('footer.about.title')}>
              {ABOUT_LINKS.map((link) => (
                <FooterLink key={link.label} to={link.to}>
                  {t(link.label)}
                </FooterLink>
              ))}
            </Column>
          </Grid>
          <Grid size={{ xs: 6, md: 4, lg: 2.5 }}>
            <Column id="footer-help" title={t('footer.help.title')}>
              {HELP_LINKS.map((link) => (
                <FooterLink key={link.label} to={link.to}>
                  {t(link.label)}
                </FooterLink>
              ))}
            </Column>
          </Grid>
          <Grid size={{ xs: 12, md: 4, lg: 3 }}>
            <Column id="footer-contact" title={t('footer.contact.title')}>
              <FooterLink to="/contact-us">{t('footer.contact.contactUs')}</FooterLink>
              <li>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <MailOutlineRounded sx={{ fontSize: 18, mt: 0.25 }} aria-hidden="true" />
                  <Box sx={{ minWidth: 0 }}>
                    <Box sx={{ typography: 'textXs', opacity: 0.8 }}>{t('footer.contact.serviceMailbox')}</Box>
                    <Link href={`mailto:${SUPPORT.serviceEmail}`} sx={{ ...linkSx, wordBreak: 'break-all' }}>
                      {SUPPORT.serviceEmail}
                    </Link>
                  </Box>
                </Box>
              </li>
              <li>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <MailOutlineRounded sx={{ fontSize: 18, mt: 0.25 }} aria-hidden="true" />
                  <Box sx={{ minWidth: 0 }}>
                    <Box sx={{ typography: 'textXs', opacity: 0.8 }}>{t('footer.contact.businessMailbox')}</Box>
                    <Link href={`mailto:${SUPPORT.businessEmail}`} sx={{ ...linkSx, wordBreak: 'break-all' }}>
                      {SUPPORT.businessEmail}
                    </Link>
                  </Box>
                </Box>
              </li>
              <li>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', typography: 'textMd' }}>
                  <ScheduleRounded sx={{ fontSize: 18 }} aria-hidden="true" />
                  {t('footer.contact.hours', { open, close })}
                </Box>
              </li>
            </Column>
          </Grid>
        </Grid>

        <Box
          sx={{
            mt: { xs: 5, md: 6 },
            pt: 3,
            borderTop: `1px solid ${BRAND.navyLine}`,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
          }}
        >
          <Typography component="h2" sx={{ typography: 'textSm', color: MUTED, fontWeight: 600 }}>
            {t('footer.paymentMethods')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <CardBrandIcon label={t('footer.card')} />
            <AlipayIcon label={t('footer.alipay')} />
          </Box>
        </Box>
        <Typography sx={{ mt: 3, typography: 'textSm', color: 'rgba(226, 232, 240, 0.56)' }}>
          {t('footer.copyright', { year })}
        </Typography>
      </Container>
    </Box>
  );
}

/** Spec §2: on the login, register, verify and find-password pages the footer is one copyright line. */
export function ShortFooter() {
  const { t } = useTranslation('shell');
  return (
    <Box
      component="footer"
      aria-label={t('footer.label')}
      sx={{ py: 2.5, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
        {t('footer.copyright', { year: footerYear('short') })}
      </Typography>
    </Box>
  );
}
