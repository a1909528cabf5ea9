import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FUNDS_LIMITS, type Payee, type PayeeType } from '@namebourse/contract';
import { type ReactNode, useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../../components/mutation-error.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSavePayee } from '../api/save-payee.ts';
import { type PaypalFields, toSavePayeeRequest, type WireFields } from '../lib/payee-form.ts';
import { type EditKind, payeeActions } from '../lib/payee-status.ts';
import { PayeeFilesField } from './payee-files-field.tsx';
import type { ImageRef } from './payee-image.tsx';
import { PayeePaypalForm } from './payee-paypal-form.tsx';
import { PayeeWireForm } from './payee-wire-form.tsx';
import { usePayeeUploads } from './use-payee-uploads.ts';

export interface PayeeEditorProps {
  /** The type being added or edited; null: closed. */
  type: PayeeType | null;
  payee: Payee | null;
  onClose: () => void;
  onOpenImage: (image: ImageRef) => void;
}

/** Add, edit, supplement or resubmit the payee of one type; saving asks for MFA (the api-client's dialog). */
export function PayeeEditorDialog({ type, payee, onClose, onOpenImage }: PayeeEditorProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={type !== null}
      onClose={pending ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="payee-editor-title"
      data-testid="payee-editor"
    >
      {type ? (
        <Editor
          key={`${type}-${payee?.payeeId ?? 'new'}`}
          type={type}
          payee={payee}
          onClose={onClose}
          onOpenImage={onOpenImage}
          onPendingChange={setPending}
        />
      ) : null}
    </Dialog>
  );
}

function Editor({
  type,
  payee,
  onClose,
  onOpenImage,
  onPendingChange,
}: {
  type: PayeeType;
  payee: Payee | null;
  onClose: () => void;
  onOpenImage: (image: ImageRef) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const kind = payeeActions(payee).editKind;
  const uploads = usePayeeUploads(payee?.files ?? []);
  const save = useSavePayee();
  const { t } = useTranslation('payouts');
  const [failure, setFailure] = useState<unknown>(null);
  const [filesError, setFilesError] = useState<string | undefined>();

  /** Saves; on failure puts the server's field messages under their fields (true when some were placed). */
  const submit = async <T extends FieldValues>(
    fields: WireFields | PaypalFields,
    known: readonly Path<T>[],
    setError: Parameters<typeof applyServerFieldErrors<T>>[2],
  ): Promise<Path<T> | null> => {
    setFailure(null);
    setFilesError(undefined);
    onPendingChange(true);
    try {
      await save.mutateAsync(toSavePayeeRequest(fields, uploads.fileIds));
      showToast(t(kind === 'add' ? 'payees.submitted' : 'payees.resubmitted'), 'success');
      onClose();
      return null;
    } catch (error) {
      const filesMessage = Object.entries(fieldErrorsOf(error)).find(
        ([path]) => path === 'fileIds' || path.startsWith('fileIds.'),
      )?.[1];
      setFilesError(filesMessage);
      const { first, other } = applyServerFieldErrors<T>(error, known, setError);
      if (!first && !filesMessage && other.length === 0) setFailure(error);
      else if (other.length > 0 && !filesMessage) setFailure(error);
      return first;
    } finally {
      onPendingChange(false);
    }
  };

  const shell = (fields: ReactNode, onSubmit: () => void) => (
    <>
      <DialogTitle id="payee-editor-title" sx={{ pb: 1 }}>
        {t(`payees.editor.title.${kind}.${type}`)}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id="payee-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'grid', gap: 3 }}
        >
          <EditorIntro kind={kind} payee={payee} />
          {fields}
          <PayeeFilesField uploads={uploads} error={filesError} onOpen={onOpenImage} />
        </Box>
        <MutationError error={failure} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography
          sx={{ typography: 'textSm', color: 'text.secondary', mr: 'auto', width: { xs: '100%', sm: 'auto' } }}
        >
          {uploads.busy
            ? t('payees.editor.waitUpload')
            : uploads.hasFailed
              ? t('payees.editor.failedUpload')
              : t('payees.editor.mfaHint')}
        </Typography>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          form="payee-form"
          variant="contained"
          disabled={save.isPending || uploads.busy || uploads.hasFailed}
          data-testid="payee-save"
        >
          {save.isPending ? t('actions.working') : t('payees.editor.submit')}
        </Button>
      </DialogActions>
    </>
  );

  return type === 'wire' ? (
    <PayeeWireForm payee={payee} submit={submit} shell={shell} />
  ) : (
    <PayeePaypalForm payee={payee} submit={submit} shell={shell} />
  );
}

/** What the operator asked for, or why the form is shown again. */
function EditorIntro({ kind, payee }: { kind: EditKind; payee: Payee | null }) {
  const { t } = useTranslation('payouts');
  if (kind === 'supplement')
    return (
      <Alert severity="warning" data-testid="payee-editor-reason">
        <AlertTitle>{t('payees.editor.supplementTitle')}</AlertTitle>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'pre-wrap' }}>{payee?.reviewNote || '—'}</Typography>
      </Alert>
    );
  if (kind === 'resubmit' && payee?.status === 'rejected')
    return (
      <Alert severity="error" data-testid="payee-editor-reason">
        <AlertTitle>{t('payees.editor.rejectedTitle')}</AlertTitle>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{payee.reviewNote || '—'}</Typography>
      </Alert>
    );
  return (
    <Typography color="text.secondary" sx={{ typography: 'textMd', lineHeight: 1.7 }}>
      {t('payees.editor.intro', { days: FUNDS_LIMITS.payeeReviewDays })}
    </Typography>
  );
}
