import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ErrorCode, NotificationKey } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUnsubscribeInfo } from '../api/get-unsubscribe.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';

const SETTINGS_PATH = '/console/user/info';
const LINK_INVALID = 'Notification.UnsubscribeLinkInvalid' satisfies ErrorCode;

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2 }}>
        {children}
      </Paper>
    </Box>
  );
}

function SettingsLink() {
  const { t } = useTranslation('notifications');
  return (
    <Box>
      <Button component={RouterLink} to={SETTINGS_PATH} variant="text">
        {t('unsubscribe.manage')}
      </Button>
    </Box>
  );
}

/**
 * /notifications/unsubscribe?token=… — the unsubscribe link of a notification e-mail, without signing in: says
 * which e-mails the link switches off and to which address, and switches them off with one click (a POST; opening
 * the link changes nothing, so a mail scanner that follows links unsubscribes no one).
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const info = useUnsubscribeInfo(token);
  const action = useUnsubscribe(token);

  if (token === '') {
    return (
      <Frame>
        <Typography variant="h5" component="h1">
          {t('unsubscribe.title')}
        </Typography>
        <Alert severity="error">{t('unsubscribe.missing')}</Alert>
        <SettingsLink />
      </Frame>
    );
  }
  if (info.isPending) {
    return (
      <Frame>
        <Typography variant="h5" component="h1">
          {t('unsubscribe.title')}
        </Typography>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <LoadingSpinner />
        </Box>
      </Frame>
    );
  }
  if (info.isError) {
    return (
      <Frame>
        <Typography variant="h5" component="h1">
          {t('unsubscribe.title')}
        </Typography>
        {/* Asking again cannot mend a bad link: retry only what may pass (the network, the server). */}
        <ErrorView
          error={info.error}
          onRetry={isApiError(info.error) && info.error.code === LINK_INVALID ? undefined : () => void info.refetch()}
        />
        <SettingsLink />
      </Frame>
    );
  }

  const { category, email, subscribed } = info.data;
  const name = t(`categories.${category satisfies NotificationKey}.title`);
  if (!subscribed) {
    return (
      <Frame>
        <MarkEmailReadOutlined color="success" sx={{ fontSize: 40 }} aria-hidden="true" />
        <Typography variant="h5" component="h1">
          {action.isSuccess ? t('unsubscribe.done', { name }) : t('unsubscribe.alreadyOff', { name })}
        </Typography>
        <Typography role="status">{t('unsubscribe.doneBody', { email, name })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('unsubscribe.keepsCentre')}
        </Typography>
        <SettingsLink />
      </Frame>
    );
  }
  return (
    <Frame>
      <UnsubscribeOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Typography variant="h5" component="h1">
        {t('unsubscribe.confirmTitle', { name })}
      </Typography>
      <Typography>{t('unsubscribe.confirmBody', { email })}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        <Typography component="li">{t(`categories.${category}.description`)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('unsubscribe.keepsCentre')}
      </Typography>
      {action.isError ? <ErrorView error={action.error} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button variant="contained" onClick={() => action.mutate()} disabled={action.isPending}>
          {action.isPending ? t('unsubscribe.working') : t('unsubscribe.confirm')}
        </Button>
        <Button component={RouterLink} to={SETTINGS_PATH} variant="text">
          {t('unsubscribe.manage')}
        </Button>
      </Box>
    </Frame>
  );
}
