import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import type TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  ADMIN_LOT_TYPES,
  type AdminLot,
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
} from '@namebourse/contract';
import { useState } from 'react';
import { Controller, type FieldError, type FieldPath, get, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAddLot } from '../api/add-lots.ts';
import { boundsFor, emptyLotForm, type LotFormValues, lotFieldErrors, lotResolver, METRIC_KEYS } from '../lib/lots.ts';

type TextKey = 'domain' | 'registrar' | 'partner' | 'startPrice';
type DateKey = 'startsAt' | 'endsAt' | 'redeemableUntil' | 'registeredAt' | 'expiresAt';
const DATE_KEYS: DateKey[] = ['startsAt', 'endsAt', 'redeemableUntil', 'registeredAt', 'expiresAt'];

/** The add-one-lot form (every AdminLot field; the domain's metrics folded away). */
export function LotFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useForm<LotFormValues, unknown, AdminLot>({
    resolver: lotResolver,
    defaultValues: emptyLotForm(),
  });
  const { control, formState, setError, clearErrors, reset } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [showMetrics, setShowMetrics] = useState(false);
  const add = useAddLot();

  /** The field's message: a contract field-message key (with the field's bounds) or the server's text. */
  const text = (field: string): string | undefined => {
    const message = (get(formState.errors, field) as FieldError | undefined)?.message;
    if (!message) return undefined;
    return Object.hasOwn(FIELD_MESSAGES, message)
      ? fieldMessage(
          message as FieldMessageKey,
          locale,
          boundsFor(field, (cents) => formatMoney(cents)),
        )
      : message;
  };
  const close = () => {
    if (add.isPending) return;
    clearErrors();
    setFormError(null);
    onClose();
  };

  const submit = form.handleSubmit(
    async (lot) => {
      setFormError(null);
      try {
        const { created } = await add.mutateAsync(lot);
        showToast(t('lots.form.created', { domain: created[0]?.domain ?? lot.domain }), 'success');
        reset(emptyLotForm());
        onClose();
      } catch (error) {
        const fields = Object.entries(lotFieldErrors(fieldErrorsOf(error)));
        for (const [field, message] of fields)
          setError(field as FieldPath<LotFormValues>, { type: 'server', message: message ?? '' });
        if (fields.length > 0) return;
        if (isApiError(error) && error.code === 'Auction.LotExists')
          setError('domain', { type: 'server', message: error.message });
        else setFormError(isApiError(error) && error.message ? error.message : t('lots.form.failed'));
      }
    },
    (errors) => {
      setFormError(null);
      if (errors.metrics) setShowMetrics(true);
    },
  );

  const textField = (key: TextKey, extra: Omit<Partial<React.ComponentProps<typeof TextField>>, 'name'> = {}) => (
    <FormTextField
      control={control}
      name={key}
      size="small"
      label={t(`lots.fields.${key}`)}
      errorText={text(key)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `admin-lot-${key}` } }}
      {...extra}
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="lot-form-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="admin-lot-form">
        <DialogTitle id="lot-form-title">{t('lots.form.title')}</DialogTitle>
        <DialogContent dividers>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {textField('domain', { autoFocus: true, placeholder: 'example.com' })}
            <FormTextField
              control={control}
              name="type"
              select
              size="small"
              label={t('lots.fields.type')}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'admin-lot-type' } }}
            >
              {ADMIN_LOT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`lots.type.${type}`)}
                </MenuItem>
              ))}
            </FormTextField>
            {textField('registrar')}
            {textField('partner')}
            {textField('startPrice', {
              placeholder: '10.00',
              slotProps: {
                htmlInput: { inputMode: 'decimal', 'data-testid': 'admin-lot-startPrice' },
                input: { startAdornment: <Box sx={{ mr: 0.5, color: 'text.secondary' }}>$</Box> },
              },
            })}
            <Controller
              control={control}
              name="isPremium"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onBlur={field.onBlur}
                      onChange={(_event, checked) => field.onChange(checked)}
                    />
                  }
                  label={t('lots.fields.isPremium')}
                />
              )}
            />
            {DATE_KEYS.map((key) => (
              <FormTextField
                key={key}
                control={control}
                name={key}
                size="small"
                type="datetime-local"
                label={t(`lots.fields.${key}`)}
                errorText={text(key)}
                helperText={key === 'endsAt' ? t('lots.form.durationHint') : undefined}
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `admin-lot-${key}` } }}
              />
            ))}
          </Box>
          <Button
            onClick={() => setShowMetrics((current) => !current)}
            endIcon={
              <ExpandMoreRounded sx={{ transform: showMetrics ? 'rotate(180deg)' : 'none', transition: '120ms' }} />
            }
            aria-expanded={showMetrics}
            sx={{ mt: 2 }}
            data-testid="admin-lot-metrics-toggle"
          >
            {t('lots.form.metrics')}
          </Button>
          <Collapse in={showMetrics} unmountOnExit={false}>
            <Box
              sx={{
                mt: 1.5,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, minmax(0, 1fr))' },
              }}
            >
              {METRIC_KEYS.map((key) => (
                <FormTextField
                  key={key}
                  control={control}
                  name={`metrics.${key}`}
                  size="small"
                  label={t(`lots.metrics.${key}`)}
                  errorText={text(`metrics.${key}`)}
                  placeholder="0"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              ))}
            </Box>
          </Collapse>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} color="inherit" disabled={add.isPending}>
            {t('lots.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending} data-testid="admin-lot-submit">
            {add.isPending ? t('lots.form.saving') : t('lots.form.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
