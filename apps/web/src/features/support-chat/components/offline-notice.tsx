import Alert from '@mui/material/Alert';
import { SUPPORT_HOURS } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

/**
 * Outside the support hours (Monday–Friday 9:30–18:30 UTC+8) the chat says so and still takes the message: the
 * reply arrives by e-mail, and for a signed-in user also in the message centre.
 */
export function OfflineNotice({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation('support-chat');
  const { open, close, utcOffset } = SUPPORT_HOURS.label;
  return (
    <Alert severity="info" data-testid="chat-offline-notice" sx={{ borderRadius: 0, py: 0.5 }}>
      <strong>{t('offline.title')}</strong> {t('offline.hours', { open, close, offset: utcOffset })}{' '}
      {visitor ? t('offline.replyByEmail') : t('offline.replyByEmailAndMessages')}
    </Alert>
  );
}
