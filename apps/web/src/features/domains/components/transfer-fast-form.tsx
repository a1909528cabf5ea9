import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FAST_TRANSFER_REGISTRARS, type FastTransferRegistrar } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useFastTransfer } from '../api/transfer-actions.ts';
import { TransferError } from './transfer-error.tsx';

/**
 * Fast transfer-out to a partner registrar (only while transferring out): the registrar from the partner list, the
 * safety checks said before, 'Fast transfer failed' with the reason on a refusal, and on acceptance that the
 * result comes later.
 */
export function TransferFastForm({ domain, disabledReason }: { domain: string; disabledReason: string | null }) {
  const { t } = useTranslation('transfers');
  const fast = useFastTransfer();
  const [registrar, setRegistrar] = useState<FastTransferRegistrar | ''>('');
  const [accepted, setAccepted] = useState<string | null>(null);

  const submit = async () => {
    if (!registrar || fast.isPending) return;
    setAccepted(null);
    try {
      await fast.mutateAsync({ name: domain, registrar });
      setAccepted(registrar);
    } catch {
      // Shown below (TransferError).
    }
  };

  const disabled = disabledReason !== null;
  return (
    <Box data-testid="transfer-fast">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'text.secondary' }}>
        <ShieldOutlined sx={{ fontSize: 20, mt: 0.25, color: 'success.main' }} aria-hidden />
        <Typography sx={{ typography: 'textMd', lineHeight: 1.6 }}>{t('fast.checks')}</Typography>
      </Box>
      {disabledReason ? (
        <Typography id="transfer-fast-blocked" sx={{ mt: 1.5, typography: 'textMd', color: 'text.secondary' }}>
          {disabledReason}
        </Typography>
      ) : null}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{
          mt: 2,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 1.5,
        }}
      >
        <TextField
          select
          size="small"
          label={t('fast.registrar')}
          value={registrar}
          disabled={disabled || fast.isPending}
          onChange={(event) => setRegistrar(event.target.value as FastTransferRegistrar)}
          sx={{ minWidth: { sm: 240 } }}
          slotProps={{ htmlInput: { 'data-testid': 'transfer-fast-registrar' } }}
        >
          {FAST_TRANSFER_REGISTRARS.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={disabled || !registrar || fast.isPending}
          aria-describedby={disabledReason ? 'transfer-fast-blocked' : undefined}
          startIcon={fast.isPending ? <LoadingSpinner decorative size={16} color="inherit" /> : undefined}
        >
          {fast.isPending ? t('fast.submitting') : t('fast.submit')}
        </Button>
      </Box>
      <TransferError error={fast.error} testId="transfer-fast-error" />
      {accepted ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {t('fast.accepted', { registrar: accepted })}
        </Alert>
      ) : null}
    </Box>
  );
}
