import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BatchPriceResult, Listing } from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { batchPrice } from '../api/batch-price.ts';
import { sellerListingKeys } from '../api/get-listings.ts';
import { type BatchPriceKind, batchPriceBody } from '../lib/batch-price-form.ts';

const KINDS: BatchPriceKind[] = ['price', 'percent', 'delta'];

/** Old → new per listing, and the ones the server refused with its reason. */
function PriceChanges({ result }: { result: BatchPriceResult }) {
  const { t } = useTranslation('listings');
  return (
    <>
      {result.succeeded.length > 0 ? (
        <List dense aria-label={t('batchPrice.changes')} data-testid="batch-price-changes" sx={{ mt: 1 }}>
          {result.succeeded.map((item) => (
            <ListItem key={item.listingId} divider disableGutters>
              <ListItemText
                primary={item.domain}
                secondary={t('batchPrice.oldToNew', {
                  old: formatMoney(item.oldPriceCents),
                  new: formatMoney(item.newPriceCents),
                })}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {result.failed.length > 0 ? (
        <List dense aria-label={t('batchPrice.refused')} data-testid="batch-price-refused" sx={{ mt: 1 }}>
          {result.failed.map((item) => (
            <ListItem key={item.listingId} divider disableGutters>
              <ListItemText
                primary={item.domain}
                secondary={item.message}
                slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { color: 'error.dark' } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </>
  );
}

/**
 * Batch pricing of the selected listings: set a price, or change by a percentage or an amount; Preview shows old →
 * new per listing and the refused ones (nothing changes), Apply changes them and reports 'n succeeded, m failed'.
 */
export function BatchPriceDialog({
  listings,
  onClose,
  onApplied,
}: {
  listings: Listing[];
  onClose: () => void;
  onApplied: (result: BatchPriceResult) => void;
}) {
  const { t } = useTranslation('listings');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [kind, setKind] = useState<BatchPriceKind>('price');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BatchPriceResult | null>(null);
  const [report, setReport] = useState<BatchPriceResult | null>(null);
  const [pending, setPending] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ids = listings.map((l) => l.listingId);

  const send = async (apply: boolean) => {
    const parsed = batchPriceBody(kind, value, ids, locale);
    if (!parsed.body) {
      setFieldError(parsed.error);
      return;
    }
    setFieldError(null);
    setError(null);
    setPending(apply ? 'apply' : 'preview');
    try {
      const result = await batchPrice({ ...parsed.body, preview: !apply });
      if (apply) {
        setReport(result);
        onApplied(result);
        void queryClient.invalidateQueries({ queryKey: sellerListingKeys.all });
      } else setPreview(result);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(null);
    }
  };

  const adornment =
    kind === 'percent'
      ? { end: <InputAdornment position="end">%</InputAdornment> }
      : { start: <InputAdornment position="start">$</InputAdornment> };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="batch-price-dialog"
    >
      <DialogTitle id={titleId}>{t('batchPrice.title', { count: listings.length })}</DialogTitle>
      <DialogContent>
        {report ? (
          <>
            <Alert
              severity={report.failed.length === 0 ? 'success' : report.succeeded.length === 0 ? 'error' : 'warning'}
              role="status"
            >
              {report.failed.length === 0
                ? t('batchPrice.done', { count: report.succeeded.length })
                : t('report.partly', { succeeded: report.succeeded.length, failed: report.failed.length })}
            </Alert>
            <PriceChanges result={report} />
          </>
        ) : (
          <>
            <RadioGroup
              row
              aria-label={t('batchPrice.kindLabel')}
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as BatchPriceKind);
                setPreview(null);
                setFieldError(null);
              }}
            >
              {KINDS.map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  control={<Radio size="small" />}
                  label={t(`batchPrice.kind.${k}`)}
                />
              ))}
            </RadioGroup>
            <TextField
              fullWidth
              size="small"
              sx={{ mt: 1.5 }}
              label={t(`batchPrice.field.${kind}`)}
              helperText={fieldError ?? t(`batchPrice.hint.${kind}`)}
              error={Boolean(fieldError)}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setPreview(null);
              }}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: { startAdornment: adornment.start, endAdornment: adornment.end },
              }}
            />
            {preview ? (
              <Box sx={{ mt: 2 }} data-testid="batch-price-preview">
                <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>
                  {t('batchPrice.previewSummary', {
                    succeeded: preview.succeeded.length,
                    failed: preview.failed.length,
                  })}
                </Typography>
                <PriceChanges result={preview} />
              </Box>
            ) : null}
            <MutationError error={error} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={Boolean(pending)} color="inherit">
          {report ? t('actions.close') : t('actions.cancel')}
        </Button>
        {report ? null : (
          <>
            <Button variant="outlined" disabled={Boolean(pending)} onClick={() => void send(false)}>
              {pending === 'preview' ? <LoadingSpinner decorative size={16} color="inherit" sx={{ mr: 1 }} /> : null}
              {t('batchPrice.preview')}
            </Button>
            <Button
              variant="contained"
              disabled={Boolean(pending) || !preview || preview.succeeded.length === 0}
              onClick={() => void send(true)}
            >
              {pending === 'apply' ? <LoadingSpinner decorative size={16} color="inherit" sx={{ mr: 1 }} /> : null}
              {t('batchPrice.apply')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
