import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeButton } from '../../../components/api-feedback/index.ts';
import { MutationError } from '../../../components/mutation-error.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { CodeField } from './code-field.tsx';
import { MethodRow } from './method-row.tsx';

/**
 * The secure email and the secure phone (spec §6) are one shape: a method row with Add / Change, and a dialog
 * with the new target, a code sent to it, and Save. Texts: security `<kind>.*` (title, description, addTitle,
 * changeTitle, dialogHelp, updated).
 */
export type SecureTargetKind = 'email' | 'phone';

/** A field's message under it (a key of the security namespace), or a blank line that keeps the layout. */
export type FieldMessage = (key: string | undefined) => string;

interface TargetUpdate<T> {
  mutateAsync: (values: T) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/** The dialog that sets or replaces the target: `target` draws its fields, the code field and Save are shared. */
export function SecureTargetDialog<T extends FieldValues & { verifyCode: string }>({
  kind,
  open,
  replacing,
  onClose,
  form,
  fields,
  update,
  target,
  canSend,
  onSend,
}: {
  kind: SecureTargetKind;
  open: boolean;
  replacing: boolean;
  onClose: () => void;
  form: UseFormReturn<T>;
  /** The form's fields, for the server's per-field messages. */
  fields: readonly Path<T>[];
  update: TargetUpdate<T>;
  target: (message: FieldMessage) => ReactNode;
  /** The target is complete enough to send a code to. */
  canSend: boolean;
  onSend: () => Promise<unknown>;
}) {
  const { t } = useTranslation('security');

  const close = () => {
    update.reset();
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      showToast(t(`${kind}.updated`), 'success');
      close();
    } catch (error) {
      applyServerFieldErrors(error, fields, form.setError);
    }
  });

  const message: FieldMessage = (key) => (key ? t(key) : ' ');

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>{replacing ? t(`${kind}.changeTitle`) : t(`${kind}.addTitle`)}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogContent>
          <Typography color="text.secondary" sx={{ typography: 'textMd', mb: 2, lineHeight: 1.6 }}>
            {t(`${kind}.dialogHelp`)}
          </Typography>
          {target(message)}
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mt: 1 }}>
            <Controller
              control={form.control}
              name={'verifyCode' as Path<T>}
              render={({ field, fieldState }) => (
                <CodeField
                  {...field}
                  label={t('form.code')}
                  sx={{ flex: 1 }}
                  error={Boolean(fieldState.error)}
                  helperText={message(fieldState.error?.message)}
                />
              )}
            />
            <CodeButton sx={{ height: 56, flexShrink: 0, minWidth: 112 }} disabled={!canSend} onSend={onSend} />
          </Box>
          <MutationError error={update.error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={update.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? t('actions.working') : t('actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The method row of a secure target: its value, Add / Change, and (when `rule` is given) why it cannot be set. */
export function SecureTargetRow({
  kind,
  id,
  icon,
  value,
  rule,
  dialog,
}: {
  kind: SecureTargetKind;
  /** The section id (SECTION_IDS). */
  id: string;
  icon: ReactNode;
  value: string | null;
  /** Why the target cannot be set now; the button is then disabled and points here. */
  rule?: string | undefined;
  dialog: (props: { open: boolean; replacing: boolean; onClose: () => void }) => ReactNode;
}) {
  const { t } = useTranslation('security');
  const [open, setOpen] = useState(false);
  const set = Boolean(value?.trim());
  const allowed = rule === undefined;
  return (
    <MethodRow
      id={id}
      icon={icon}
      title={t(`${kind}.title`)}
      description={t(`${kind}.description`)}
      done={set}
      value={value}
      statusLabel={set ? t('status.set') : t('status.notSet')}
      actions={
        <Button
          variant={set ? 'outlined' : 'contained'}
          onClick={() => setOpen(true)}
          disabled={!allowed}
          aria-describedby={allowed ? undefined : `${id}-rule`}
        >
          {set ? t('actions.change') : t('actions.add')}
        </Button>
      }
    >
      {allowed ? null : (
        <Alert id={`${id}-rule`} severity="info" sx={{ mt: 2 }}>
          {rule}
        </Alert>
      )}
      {open && allowed ? dialog({ open, replacing: set, onClose: () => setOpen(false) }) : null}
    </MethodRow>
  );
}
