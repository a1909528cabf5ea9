import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import HeadsetMicOutlined from '@mui/icons-material/HeadsetMicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { SUPPORT } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SupportChatButton } from '../../../components/support-chat-button.tsx';
import { SUPPORT_PATHS } from '../lib/paths.ts';

/** "Still need help?" — support hours, the service mailbox, the customer-service chat and the contact form. */
export function HelpContactCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('support');
  const { open, close } = SUPPORT.hours;
  return (
    <Box
      sx={(theme) => ({
        p: compact ? 2 : { xs: 2.5, md: 3 },
        borderRadius: 3,
        border: `1px solid ${alpha(theme.palette.primary.main, 0.16)}`,
        background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.07)}, ${alpha(theme.palette.secondary.main, 0.06)})`,
        display: 'flex',
        flexDirection: compact ? 'column' : { xs: 'column', sm: 'row' },
        alignItems: compact ? 'flex-start' : { xs: 'flex-start', sm: 'center' },
        gap: compact ? 1.25 : 2,
      })}
    >
      <Box
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.paper',
          color: 'primary.main',
          boxShadow: '0 1px 2px rgba(15, 23, 42, 0.08)',
        }}
      >
        <HeadsetMicOutlined fontSize="small" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, fontSize: compact ? 14.5 : 16 }}>{t('helpCard.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {t('helpCard.hours', { open, close })}
        </Typography>
        <Link
          href={`mailto:${SUPPORT.serviceEmail}`}
          variant="body2"
          sx={{
            fontWeight: 600,
            display: 'inline-block',
            mt: 0.25,
            fontSize: compact ? 13 : 14,
            wordBreak: 'break-word',
          }}
        >
          {SUPPORT.serviceEmail}
        </Link>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: compact ? 'column' : { xs: 'column', sm: 'row' },
          alignItems: 'stretch',
          gap: 1,
          flexShrink: 0,
          width: compact ? '100%' : { xs: '100%', sm: 'auto' },
        }}
      >
        <SupportChatButton variant="outlined" size={compact ? 'small' : 'medium'} />
        <Button
          component={RouterLink}
          to={SUPPORT_PATHS.contactUs}
          variant={compact ? 'outlined' : 'contained'}
          size={compact ? 'small' : 'medium'}
          endIcon={<ArrowForwardRounded />}
          sx={{ flexShrink: 0 }}
        >
          {t('helpCard.action')}
        </Button>
      </Box>
    </Box>
  );
}
