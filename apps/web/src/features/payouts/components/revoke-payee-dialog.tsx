import type { Payee } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { CONFIRM_WORD, ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { useRevokePayee } from '../api/revoke-payee.ts';

/**
 * Revoking (withdrawing) a payee: confirmed by typing the word Confirm (spec §5), then MFA (the api-client's
 * dialog). Rendered only while open, so the typed word starts empty each time.
 */
export function RevokePayeeDialog({ payee, onClose }: { payee: Payee; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const revoke = useRevokePayee();

  const confirm = async () => {
    if (revoke.isPending) return;
    try {
      await revoke.mutateAsync(payee.payeeId);
      showToast(t('payees.revoke.done'), 'success');
      onClose();
    } catch {
      // Shown in the dialog (MutationError), or the user closed the MFA dialog.
    }
  };

  return (
    <ConfirmDialog
      open
      title={t(`payees.revoke.title.${payee.type}`)}
      warning={t(payee.type === 'wire' ? 'payees.revoke.bodyWire' : 'payees.revoke.bodyPaypal')}
      confirmWord={{ prompt: t('payees.revoke.prompt', { word: CONFIRM_WORD }), label: t('payees.revoke.wordLabel') }}
      confirmLabel={t('payees.revoke.confirm')}
      pendingLabel={t('actions.working')}
      cancelLabel={t('actions.cancel')}
      danger
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
      confirmTestId="payee-revoke-confirm"
    />
  );
}
