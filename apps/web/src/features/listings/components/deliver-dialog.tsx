import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SellerSale } from '@namebourse/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { fieldErrorsOf, isApiError, isHandledByPipeline } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/render-env.ts';
import { useDeliverSale } from '../api/deliver-sale.ts';

/** The transfer code's bounds (SellerDeliverRequestSchema). */
const CODE_MIN = 4;
const CODE_MAX = 64;

function codeProblem(code: string): 'required' | 'tooShort' | 'tooLong' | null {
  const value = code.trim();
  if (!value) return 'required';
  if (value.length < CODE_MIN) return 'tooShort';
  if (value.length > CODE_MAX) return 'tooLong';
  return null;
}

/**
 * The seller's push of a domain held elsewhere: the transfer (auth) code of the sold domain, with the deadline
 * (after it the buyer is refunded) and the last attempt's failure; the code is sent to
 * POST /api/seller/sales/:orderId/deliver and the transfer starts. Refusals are shown in place.
 */
export function DeliverDialog({ sale, open, onClose }: { sale: SellerSale; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('seller-sales');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const timeZone = useDisplayTimeZone();
  const titleId = useId();
  const deliver = useDeliverSale();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverField, setServerField] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const problem = codeProblem(code);
  const fieldError =
    serverField ?? (submitted && problem ? t(`deliver.errors.${problem}`, { min: CODE_MIN, max: CODE_MAX }) : null);

  const close = () => {
    if (deliver.isPending) return;
    onClose();
    setCode('');
    setSubmitted(false);
    setServerField(null);
    setRefusal(null);
    deliver.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerField(null);
    setRefusal(null);
    if (problem) return;
    deliver.mutate(
      { orderId: sale.orderId, authCode: code.trim() },
      {
        onSuccess: () => {
          showToast(t('deliver.started', { domain: sale.domain }), 'success');
          close();
        },
        onError: (error) => {
          if (isHandledByPipeline(error)) return;
          const fields = fieldErrorsOf(error);
          if (fields.authCode) return setServerField(fields.authCode);
          setRefusal(error);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId} data-testid="deliver-dialog">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('deliver.title', { domain: sale.domain })}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
          <Typography sx={{ typography: 'textMd' }}>{t('deliver.body')}</Typography>
          {sale.deliverBy ? (
            <Typography sx={{ typography: 'textMd', fontWeight: 600 }} data-testid="deliver-deadline">
              {t('deliver.deadline', { date: formatDateTime(sale.deliverBy, lng, timeZone) })}
            </Typography>
          ) : null}
          {sale.deliveryError ? (
            <Alert severity="warning" data-testid="deliver-last-error">
              {t('deliver.lastError', { reason: sale.deliveryError })}
            </Alert>
          ) : null}
          <TextField
            label={t('deliver.code')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setServerField(null);
            }}
            error={fieldError !== null}
            helperText={fieldError ?? t('deliver.codeHint')}
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CODE_MAX + 16, spellCheck: false, 'data-testid': 'deliver-code' } }}
          />
          {refusal ? (
            isApiError(refusal) && refusal.code === 'Delivery.NotAllowed' ? (
              <Alert severity="error" data-testid="deliver-error">
                {refusal.message || t('deliver.failed')}
              </Alert>
            ) : (
              <Box data-testid="deliver-error">
                <ErrorView error={refusal} />
              </Box>
            )
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={deliver.isPending}>
            {t('deliver.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={deliver.isPending} data-testid="deliver-submit">
            {deliver.isPending ? t('deliver.sending') : t('deliver.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
