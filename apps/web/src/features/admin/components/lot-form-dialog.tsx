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
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type FieldMessageKey, FIELD_MESSAGES, fieldMessage, LOT_TYPES, type LotType } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/feedback-store';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useAddLot } from '../api/add-lots';
import {
  boundsFor,
  emptyLotForm,
  type LotFormErrors,
  type LotFormValues,
  lotFieldErrors,
  lotFromForm,
  METRIC_KEYS,
  type MetricKey,
} from '../lib/lots';

type TextKey = 'domain' | 'registrar' | 'partner' | 'startPrice';
type DateKey = 'startsAt' | 'endsAt' | 'redeemableUntil' | 'registeredAt' | 'expiresAt';
const DATE_KEYS: DateKey[] = ['startsAt', 'endsAt', 'redeemableUntil', 'registeredAt', 'expiresAt'];

/** The add-one-lot form (every AdminLot field; the domain's metrics folded away). */
export function LotFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState<LotFormValues>(() => emptyLotForm());
  const [errors, setErrors] = useState<LotFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showMetrics, setShowMetrics] = useState(false);
  const add = useAddLot();

  const text = (field: string) => {
    const message = errors[field];
    if (!message) return undefined;
    return Object.hasOwn(FIELD_MESSAGES, message)
      ? fieldMessage(
          message as FieldMessageKey,
          locale,
          boundsFor(field, (cents) => formatMoney(cents)),
        )
      : message;
  };
  const set = <K extends keyof LotFormValues>(key: K, value: LotFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const setMetric = (key: MetricKey, value: string) => {
    setValues((current) => ({ ...current, metrics: { ...current.metrics, [key]: value } }));
    setErrors((current) => ({ ...current, [`metrics.${key}`]: undefined }));
  };
  const close = () => {
    if (add.isPending) return;
    setErrors({});
    setFormError(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = lotFromForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      if (Object.keys(result.errors).some((key) => key.startsWith('metrics.'))) setShowMetrics(true);
      return;
    }
    try {
      const { created } = await add.mutateAsync(result.lot);
      showToast(t('lots.form.created', { domain: created[0]?.domain ?? result.lot.domain }), 'success');
      setValues(emptyLotForm());
      setErrors({});
      onClose();
    } catch (error) {
      const fields = lotFieldErrors(fieldErrorsOf(error));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else if (isApiError(error) && error.code === 'Auction.LotExists') setErrors({ domain: error.message });
      else setFormError(isApiError(error) && error.message ? error.message : t('lots.form.failed'));
    }
  };

  const textField = (key: TextKey, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      size="small"
      label={t(`lots.fields.${key}`)}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={text(key)}
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
            <TextField
              select
              size="small"
              label={t('lots.fields.type')}
              value={values.type}
              onChange={(event) => set('type', event.target.value as LotType)}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'admin-lot-type' } }}
            >
              {LOT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`lots.type.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {textField('registrar')}
            {textField('partner')}
            {textField('startPrice', {
              placeholder: '10.00',
              slotProps: {
                htmlInput: { inputMode: 'decimal', 'data-testid': 'admin-lot-startPrice' },
                input: { startAdornment: <Box sx={{ mr: 0.5, color: 'text.secondary' }}>$</Box> },
              },
            })}
            <FormControlLabel
              control={
                <Checkbox checked={values.isPremium} onChange={(_event, checked) => set('isPremium', checked)} />
              }
              label={t('lots.fields.isPremium')}
            />
            {DATE_KEYS.map((key) => (
              <TextField
                key={key}
                size="small"
                type="datetime-local"
                label={t(`lots.fields.${key}`)}
                value={values[key]}
                onChange={(event) => set(key, event.target.value)}
                error={Boolean(errors[key])}
                helperText={text(key) ?? (key === 'endsAt' ? t('lots.form.durationHint') : undefined)}
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
                <TextField
                  key={key}
                  size="small"
                  label={t(`lots.metrics.${key}`)}
                  value={values.metrics[key]}
                  onChange={(event) => setMetric(key, event.target.value)}
                  error={Boolean(errors[`metrics.${key}`])}
                  helperText={text(`metrics.${key}`)}
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
