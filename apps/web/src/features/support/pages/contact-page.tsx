import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { FEEDBACK_LIMITS, SUPPORT } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../app/session/session-context.tsx';
import { IconTile } from '../../../components/icon-tile.tsx';
import { SupportChatButton } from '../../../components/support-chat-button.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSenderContact } from '../api/get-sender-contact.ts';
import { FeedbackForm, type FeedbackPrefill } from '../components/feedback-form.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { SUPPORT_PATHS } from '../lib/paths.ts';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.25, md: 2.75 }, borderRadius: 3, display: 'flex', gap: 2 }}>
      <IconTile>{icon}</IconTile>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, typography: 'textXl' }}>
          {title}
        </Typography>
        <Box sx={{ mt: 0.5, color: 'text.secondary', typography: 'textLg', lineHeight: 1.65 }}>{children}</Box>
      </Box>
    </Paper>
  );
}

/** A signed-in user's name (contact name, else nickname) and e-mail for the form; undefined for visitors. */
function useSenderPrefill(): FeedbackPrefill | undefined {
  const { isLogin, userInfo } = useSession();
  const contact = useSenderContact(isLogin);
  if (!isLogin || contact.isPending) return undefined;
  const contactName = [contact.data?.firstName, contact.data?.lastName].filter(Boolean).join(' ').trim();
  return {
    name: (contactName || userInfo.nickname).slice(0, FEEDBACK_LIMITS.nameMax),
    email: contact.data?.email ?? '',
  };
}

/**
 * Contact us: support hours with the customer-service chat, the service and business mailboxes, and the feedback
 * form (a signed-in user's name and e-mail filled in).
 */
export function ContactPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('contact.title'));
  const { open, close } = SUPPORT.hours;
  const prefill = useSenderPrefill();

  return (
    <Box sx={{ bgcolor: 'background.default', pb: { xs: 6, md: 10 } }}>
      <PageHero eyebrow={t('contact.eyebrow')} title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: { xs: 3, md: -5 }, position: 'relative' }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 4 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2} sx={{ order: { xs: 2, md: 1 }, mt: { md: 9 } }}>
            <InfoCard icon={<ScheduleRounded />} title={t('contact.hoursTitle')}>
              <Typography sx={{ fontWeight: 600, color: 'text.primary', typography: 'textLg' }}>
                {t('contact.hoursValue', { open, close })}
              </Typography>
              {t('contact.hoursNote')}
              <Box sx={{ mt: 1.5 }}>
                <SupportChatButton size="small" />
              </Box>
            </InfoCard>
            <InfoCard icon={<MailOutlineRounded />} title={t('contact.serviceTitle')}>
              <Link href={`mailto:${SUPPORT.serviceEmail}`} sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                {SUPPORT.serviceEmail}
              </Link>
              <Box>{t('contact.serviceNote')}</Box>
            </InfoCard>
            <InfoCard icon={<BusinessCenterOutlined />} title={t('contact.businessTitle')}>
              <Link href={`mailto:${SUPPORT.businessEmail}`} sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                {SUPPORT.businessEmail}
              </Link>
              <Box>{t('contact.businessNote')}</Box>
            </InfoCard>
            <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
              <Typography component="h2" sx={{ fontWeight: 700, typography: 'textXl', px: 2.75, pt: 2.25, pb: 1 }}>
                {t('contact.selfServiceTitle')}
              </Typography>
              {[
                { to: SUPPORT_PATHS.faq, label: t('nav.faq'), icon: <QuestionAnswerOutlined fontSize="small" /> },
                { to: SUPPORT_PATHS.intro, label: t('nav.intro'), icon: <MenuBookOutlined fontSize="small" /> },
              ].map((link) => (
                <Link
                  key={link.to}
                  component={RouterLink}
                  to={link.to}
                  underline="none"
                  color="text.primary"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    px: 2.75,
                    py: 1.5,
                    borderTop: 1,
                    borderColor: 'divider',
                    fontWeight: 500,
                    '&:hover': { bgcolor: 'action.hover', color: 'primary.main' },
                  }}
                >
                  <Box sx={{ display: 'flex', color: 'text.secondary' }}>{link.icon}</Box>
                  <Box component="span" sx={{ flex: 1 }}>
                    {link.label}
                  </Box>
                  <ChevronRightRounded sx={{ color: 'text.disabled' }} />
                </Link>
              ))}
            </Paper>
          </Stack>

          <Paper
            component="section"
            aria-labelledby="feedback-title"
            elevation={0}
            sx={(theme) => ({
              order: { xs: 1, md: 2 },
              p: { xs: 2.5, sm: 3.5, md: 4.5 },
              borderRadius: 4,
              border: `1px solid ${theme.palette.divider}`,
              boxShadow: `0 24px 60px ${alpha(theme.palette.primary.main, 0.1)}`,
            })}
          >
            <Typography id="feedback-title" variant="h5" component="h2">
              {t('feedback.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.75, mb: 3, lineHeight: 1.7 }}>
              {t('feedback.subtitle')}
            </Typography>
            <FeedbackForm prefill={prefill} />
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}
