import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { CLIENT } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { dismissToast, useFeedbackState } from '../../lib/feedback-store.ts';
import { ContactInfoDialog } from './contact-info-dialog.tsx';
import { InsufficientBalanceDialog } from './insufficient-balance-dialog.tsx';
import { MfaDialog } from './mfa-dialog.tsx';

/**
 * Renders what the request pipeline asks for: the toast (2 s), the MFA dialog, the
 * contact-info dialog and the insufficient-balance (recharge) prompt. Mounted once by the shell.
 */
export function ApiFeedbackHost() {
  const { t } = useTranslation('api');
  const { toast, mfa, contactInfoOpen, insufficientBalance } = useFeedbackState();
  const dialog = mfa[0];

  return (
    <>
      {toast ? (
        <Snackbar
          key={toast.id}
          open
          autoHideDuration={CLIENT.toastDurationMs}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') dismissToast(toast.id);
          }}
        >
          <Alert
            severity={toast.severity}
            variant="filled"
            closeText={t('close')}
            onClose={() => dismissToast(toast.id)}
            data-testid="api-toast"
            sx={{ width: '100%' }}
          >
            {toast.message}
          </Alert>
        </Snackbar>
      ) : null}
      {dialog ? <MfaDialog key={dialog.id} dialog={dialog} /> : null}
      <ContactInfoDialog open={contactInfoOpen} />
      <InsufficientBalanceDialog prompt={insufficientBalance} />
    </>
  );
}
