import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Parameter, UpdateParameterRequestSchema } from '@namebourse/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { isHandledByPipeline } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateParameter } from '../api/update-parameter.ts';
import { checkParameterInput, parameterInputText } from '../lib/parameters-values.ts';
import { useParameterText } from './parameters-text.ts';

const REASON = UpdateParameterRequestSchema.shape.reason;
const REASON_MIN = 2;
const REASON_MAX = 500;

interface EditValues {
  /** A number parameter's typed value (dollars, percent or a whole number). */
  value: string;
  /** A switch parameter's new state. */
  on: boolean;
  reason: string;
}

/** The form's value problems carry the admin-parameters key of their message ('edit.problem.min'). */
function editSchema(parameter: Parameter) {
  return z.object({ value: z.string(), on: z.boolean(), reason: REASON }).superRefine((values, ctx) => {
    if (parameter.type === 'boolean') {
      if (values.on === parameter.value)
        ctx.addIssue({ code: 'custom', path: ['on'], message: 'edit.problem.unchanged' });
      return;
    }
    const check = checkParameterInput(parameter, values.value);
    if (check.problem) ctx.addIssue({ code: 'custom', path: ['value'], message: `edit.problem.${check.problem}` });
    else if (check.value === parameter.value)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'edit.problem.unchanged' });
  });
}

function startValues(parameter: Parameter): EditValues {
  return {
    value: parameter.type === 'boolean' ? '' : parameterInputText(parameter.type, Number(parameter.value)),
    on: parameter.value === true,
    reason: '',
  };
}

export interface ParameterEditDialogProps {
  /** The parameter being changed; null when the dialog is closed. */
  parameter: Parameter | null;
  onClose: () => void;
}

/**
 * Changes one parameter (admin): the new value in the parameter's unit (dollars, percent, days, a switch), checked
 * against its bounds before sending, and a required reason. The server asks for the MFA code (the request pipeline
 * shows the dialog and sends again); its refusals show in the dialog, field errors under their field.
 */
export function ParameterEditDialog({ parameter, onClose }: ParameterEditDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  // The last parameter stays in the dialog while it closes (no empty box during the closing animation).
  const last = useRef<Parameter | null>(parameter);
  if (parameter) last.current = parameter;
  const shown = parameter ?? last.current;
  return (
    <Dialog
      open={parameter !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="parameter-edit-dialog"
    >
      {shown ? <ParameterEditForm key={shown.key} parameter={shown} titleId={titleId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ParameterEditForm({
  parameter,
  titleId,
  onClose,
}: {
  parameter: Parameter;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-parameters');
  const locale = useLocale();
  const text = useParameterText();
  const update = useUpdateParameter();
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo(
    () => zodResolver(editSchema(parameter), { error: contractErrorMap(locale) }),
    [parameter, locale],
  );
  const form = useForm<EditValues>({ resolver, defaultValues: startValues(parameter), mode: 'onTouched' });
  const { formState, control } = form;
  const [typed = '', on = false] = useWatch({ control, name: ['value', 'on'] });

  useEffect(() => {
    form.setFocus(parameter.type === 'boolean' ? 'reason' : 'value');
  }, [form, parameter.type]);

  const problemText = (message: string | undefined) => {
    if (!message) return undefined;
    if (message.startsWith('edit.problem.'))
      return t(message, { min: text.bound(parameter, parameter.min), max: text.bound(parameter, parameter.max) });
    return fieldText(message, locale);
  };

  const next = parameter.type === 'boolean' ? on : checkParameterInput(parameter, typed).value;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const value = parameter.type === 'boolean' ? values.on : checkParameterInput(parameter, values.value).value;
    if (value === null) return;
    try {
      await update.mutateAsync({ key: parameter.key, body: { value, reason: values.reason.trim() } });
    } catch (error) {
      if (isHandledByPipeline(error)) return;
      const { first, other } = applyServerFieldErrors(error, ['value', 'reason'], form.setError);
      if (first && other.length === 0) {
        form.setFocus(first);
        return;
      }
      setFailure(error);
      return;
    }
    showToast(t('edit.saved', { name: parameter.description, value: text.value(parameter, value) }), 'success');
    onClose();
  });

  const busy = formState.isSubmitting;
  const unit = parameter.type === 'days' || parameter.type === 'months' ? t(`edit.unit.${parameter.type}`) : null;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
      <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ typography: 'textLg', fontWeight: 600 }}>{parameter.description}</Typography>
        <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 0.5 }} data-testid="parameter-edit-now">
          {t('edit.now', {
            value: text.value(parameter, parameter.value),
            default: text.value(parameter, parameter.defaultValue),
            range: text.range(parameter),
          })}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2.5, mt: 2.5 }}>
          {parameter.type === 'boolean' ? (
            <Box>
              <Controller
                control={control}
                name="on"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { ref: field.ref } as object }}
                      />
                    }
                    label={t('edit.switchLabel')}
                  />
                )}
              />
              {formState.errors.on ? (
                <Typography color="error" sx={{ typography: 'textSm' }} role="alert">
                  {problemText(formState.errors.on.message)}
                </Typography>
              ) : null}
            </Box>
          ) : (
            <FormTextField
              control={control}
              name="value"
              label={t('edit.value')}
              required
              fullWidth
              errorText={problemText(formState.errors.value?.message)}
              helperText={
                next !== null && next !== parameter.value
                  ? t('edit.preview', { value: text.value(parameter, next) })
                  : t(`edit.valueHint.${parameter.type}`)
              }
              slotProps={{
                input: {
                  startAdornment:
                    parameter.type === 'cents' ? <InputAdornment position="start">$</InputAdornment> : undefined,
                  endAdornment:
                    parameter.type === 'bps' ? (
                      <InputAdornment position="end">%</InputAdornment>
                    ) : unit ? (
                      <InputAdornment position="end">{unit}</InputAdornment>
                    ) : undefined,
                },
                htmlInput: {
                  inputMode: parameter.type === 'cents' || parameter.type === 'bps' ? 'decimal' : 'numeric',
                  autoComplete: 'off',
                  maxLength: 20,
                  'data-testid': 'parameter-edit-value',
                },
              }}
            />
          )}
          <FormTextField
            control={control}
            name="reason"
            label={t('edit.reason')}
            required
            fullWidth
            multiline
            minRows={3}
            errorText={problemText(formState.errors.reason?.message)}
            helperText={t('edit.reasonHint', { min: REASON_MIN, max: REASON_MAX })}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'parameter-edit-reason' } }}
          />
          <Alert severity="info" variant="outlined">
            {t('edit.effect')}
          </Alert>
          {failure ? <ErrorView error={failure} /> : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('edit.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
        >
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
