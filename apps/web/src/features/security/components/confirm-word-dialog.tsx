import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_WORD, ConfirmDialog } from '../../../components/confirm-dialog.tsx';

export interface ConfirmWordDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  pending?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive confirmation that is enabled only once the user has typed 'Confirm'. */
export function ConfirmWordDialog({ body, ...props }: ConfirmWordDialogProps) {
  const { t } = useTranslation('security');
  return (
    <ConfirmDialog
      {...props}
      warning={body}
      danger
      cancelLabel={t('actions.cancel')}
      confirmWord={{ prompt: t('confirmWord.prompt', { word: CONFIRM_WORD }), label: t('confirmWord.label') }}
    />
  );
}
