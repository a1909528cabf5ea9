import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FUNDS_LIMITS, type Payee, PAYEE_ACCOUNT_TYPES, type PayeeType } from '@namebourse/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { fieldErrorsOf } from '../../../lib/api-client';
import { showToast } from '../../../lib/feedback-store';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { useSavePayee } from '../api/save-payee';
import {
  PAYPAL_FIELDS,
  type PaypalFields,
  type PaypalFormValues,
  paypalDefaults,
  paypalFormSchema,
  toSavePayeeRequest,
  upperAsTyped,
  WIRE_FIELDS,
  type WireFields,
  type WireFormValues,
  wireDefaults,
  wireFormSchema,
} from '../lib/payee-form';
import { type EditKind, payeeActions } from '../lib/payee-status';
import { MutationError } from '../../../components/mutation-error';
import { PayeeFilesField } from './payee-files-field';
import type { ImageRef } from './payee-image';
import { usePayeeUploads } from './use-payee-uploads';

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
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mr: 'auto', width: { xs: '100%', sm: 'auto' } }}>
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
    <WireForm payee={payee} submit={submit} shell={shell} />
  ) : (
    <PaypalForm payee={payee} submit={submit} shell={shell} />
  );
}

type Submit = <T extends FieldValues>(
  fields: WireFields | PaypalFields,
  known: readonly Path<T>[],
  setError: Parameters<typeof applyServerFieldErrors<T>>[2],
) => Promise<Path<T> | null>;
type Shell = (fields: ReactNode, onSubmit: () => void) => ReactNode;

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
    <Typography color="text.secondary" sx={{ fontSize: 14, lineHeight: 1.7 }}>
      {t('payees.editor.intro', { days: FUNDS_LIMITS.payeeReviewDays })}
    </Typography>
  );
}

function useResolver<S extends typeof wireFormSchema | typeof paypalFormSchema>(schema: S) {
  const locale = useLocale();
  return useMemo(
    () => zodResolver(schema, { error: contractErrorMap(locale, { invalidValue: 'choice' }) }),
    [schema, locale],
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

function WireForm({ payee, submit, shell }: { payee: Payee | null; submit: Submit; shell: Shell }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const resolver = useResolver(wireFormSchema);
  // The form holds strings ('' for an unchosen account type or a blank optional field); the resolver's output,
  // what handleSubmit receives, is the schema's parsed WireFields.
  const { control, handleSubmit, setError, setFocus, formState } = useForm<WireFormValues>({
    resolver: resolver as never,
    mode: 'onTouched',
    defaultValues: wireDefaults(payee),
  });
  const address = useWatch({ control, name: 'address' }) ?? '';
  const err = (name: keyof WireFormValues) => fieldText(formState.errors[name]?.message, locale);
  const masked = Boolean(payee?.accountNumber) && !wireDefaults(payee).accountNumber;

  const onSubmit = handleSubmit(async (values) => {
    const first = await submit<WireFormValues>(values as unknown as WireFields, WIRE_FIELDS, setError);
    if (first) setFocus(first);
  });

  return shell(
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="name"
          label={t('payees.field.name')}
          required
          errorText={err('name')}
          helperText={t('payees.hint.latin')}
          slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.payeeNameMax, autoComplete: 'name' } }}
        />
        <FormTextField
          control={control}
          name="bankName"
          label={t('payees.field.bankName')}
          required
          errorText={err('bankName')}
          helperText={t('payees.hint.latin')}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <UpperCaseField
          control={control}
          name="accountNumber"
          label={t('payees.field.accountNumber')}
          required
          errorText={err('accountNumber')}
          helperText={masked ? t('payees.hint.accountNumberAgain') : t('payees.hint.accountNumber')}
          maxLength={40}
        />
        <UpperCaseField
          control={control}
          name="swiftCode"
          label={t('payees.field.swiftCode')}
          errorText={err('swiftCode')}
          helperText={t('payees.hint.swiftCode')}
          maxLength={11}
        />
        <Controller
          control={control}
          name="accountType"
          render={({ field }) => (
            <FormControl error={Boolean(err('accountType'))} required>
              <FormLabel id="payee-account-type" sx={{ fontSize: 13 }}>
                {t('payees.field.accountType')}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby="payee-account-type"
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {PAYEE_ACCOUNT_TYPES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={
                      <Radio
                        size="small"
                        slotProps={{ input: { ref: value === 'personal' ? field.ref : undefined } }}
                      />
                    }
                    label={t(`payees.accountType.${value}`)}
                  />
                ))}
              </RadioGroup>
              {err('accountType') ? <FormHelperText>{err('accountType')}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <FormTextField
          control={control}
          name="signatory"
          label={t('payees.field.signatory')}
          required
          errorText={err('signatory')}
          helperText={t('payees.hint.latin')}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      </Box>
      <Controller
        control={control}
        name="address"
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('payees.field.address')}
            required
            multiline
            minRows={2}
            error={Boolean(err('address'))}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>
                  {err('address') ??
                    t('payees.hint.address', { min: FUNDS_LIMITS.payeeAddressMin, max: FUNDS_LIMITS.payeeAddressMax })}
                </span>
                <span data-testid="payee-address-counter">
                  {address.trim().length}/{FUNDS_LIMITS.payeeAddressMax}
                </span>
              </Box>
            }
            slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.payeeAddressMax } }}
          />
        )}
      />
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="businessRegistrationNumber"
          label={t('payees.field.businessRegistrationNumber')}
          errorText={err('businessRegistrationNumber')}
          helperText={t('payees.hint.businessRegistrationNumber')}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <FormTextField
          control={control}
          name="idNumber"
          label={t('payees.field.idNumber')}
          required
          errorText={err('idNumber')}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
      </Box>
    </Box>,
    () => void onSubmit(),
  );
}

/** A text field that upper-cases what is typed (bank account numbers and SWIFT codes). */
function UpperCaseField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  errorText,
  helperText,
  maxLength,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  errorText: string | undefined;
  helperText: string;
  maxLength: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field } }) => (
        <TextField
          {...field}
          inputRef={ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(upperAsTyped(event.target.value))}
          label={label}
          required={required}
          error={Boolean(errorText)}
          helperText={errorText ?? helperText}
          slotProps={{
            htmlInput: { maxLength, autoCapitalize: 'characters', spellCheck: false, autoComplete: 'off' },
          }}
        />
      )}
    />
  );
}

function PaypalForm({ payee, submit, shell }: { payee: Payee | null; submit: Submit; shell: Shell }) {
  const { t } = useTranslation('payouts');
  const locale = useLocale();
  const resolver = useResolver(paypalFormSchema);
  const { control, handleSubmit, setError, setFocus, formState } = useForm<PaypalFormValues, unknown, PaypalFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: paypalDefaults(payee),
  });
  const err = (name: keyof PaypalFormValues) => fieldText(formState.errors[name]?.message, locale);

  const onSubmit = handleSubmit(async (fields) => {
    const first = await submit<PaypalFormValues>(fields, PAYPAL_FIELDS, setError);
    if (first) setFocus(first);
  });

  return shell(
    <Box sx={grid}>
      <FormTextField
        control={control}
        name="name"
        label={t('payees.field.name')}
        required
        errorText={err('name')}
        helperText={t('payees.hint.latin')}
        slotProps={{ htmlInput: { maxLength: FUNDS_LIMITS.payeeNameMax, autoComplete: 'name' } }}
      />
      <FormTextField
        control={control}
        name="paypalAccount"
        type="email"
        label={t('payees.field.paypalAccount')}
        required
        errorText={err('paypalAccount')}
        slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'email' } }}
      />
    </Box>,
    () => void onSubmit(),
  );
}
