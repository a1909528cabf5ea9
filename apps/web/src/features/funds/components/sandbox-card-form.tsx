import { zodResolver } from '@hookform/resolvers/zod';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SandboxComplete } from '@namebourse/contract';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import {
  cardBrand,
  formatCardNumber,
  formatExpiry,
  type SandboxCardInput,
  sandboxCardSchema,
  TEST_CARD_KINDS,
  TEST_CARDS,
} from '../lib/card.ts';
import { SANDBOX_NOTE } from './sandbox-theme.ts';

const EMPTY: SandboxCardInput = { number: '', expiry: '', cvc: '', holder: '', saveCard: false };

/** A test expiry a few years ahead ('12/30'). */
function futureExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 4) % 100).padStart(2, '0')}`;
}

export interface SandboxCardFormProps {
  amountLabel: string;
  busy: boolean;
  onPay: (body: SandboxComplete) => void;
  onCancel: () => void;
}

/** The provider's card form: number, expiry, CVC, holder, 'save this card'; test cards listed beside it. */
export function SandboxCardForm({ amountLabel, busy, onPay, onCancel }: SandboxCardFormProps) {
  const { t } = useTranslation('funds');
  const resolver = useMemo(() => zodResolver(sandboxCardSchema()), []);
  const { control, handleSubmit, setValue, formState } = useForm<
    SandboxCardInput,
    unknown,
    Required<Pick<SandboxComplete, 'card' | 'saveCard'>>
  >({ resolver, mode: 'onTouched', defaultValues: EMPTY });
  const err = (name: keyof SandboxCardInput) => {
    const key = formState.errors[name]?.message;
    return key ? t(key) : undefined;
  };

  const fillTestCard = (number: string) => {
    // A test card comes with a working expiry and CVC (the hint says any will do).
    setValue('number', number, { shouldValidate: true });
    setValue('expiry', futureExpiry(), { shouldValidate: true });
    setValue('cvc', '123', { shouldValidate: true });
  };

  const brand = cardBrand(useWatch({ control, name: 'number' }) ?? '');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ card, saveCard }) => onPay({ outcome: 'success', card, saveCard }))}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="sandbox-card-form"
    >
      <Box
        sx={{
          p: 1.5,
          borderRadius: 1.5,
          bgcolor: SANDBOX_NOTE.bg,
          border: 1,
          borderColor: SANDBOX_NOTE.line,
          typography: 'textSm',
        }}
        data-testid="sandbox-test-cards"
      >
        <Typography sx={{ fontWeight: 700, typography: 'textSm', mb: 0.5 }}>{t('sandbox.card.hints.title')}</Typography>
        {TEST_CARD_KINDS.map((kind) => (
          <Box key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
              {TEST_CARDS[kind]}
            </Box>
            <span>{t(`sandbox.card.hints.${kind}`)}</span>
            <Button size="small" sx={{ minWidth: 0, py: 0, px: 0.75 }} onClick={() => fillTestCard(TEST_CARDS[kind])}>
              {t('sandbox.card.hints.use')}
            </Button>
          </Box>
        ))}
        <Typography sx={{ typography: 'textSm', color: 'text.secondary', mt: 0.5 }}>
          {t('sandbox.card.hints.other')}
        </Typography>
      </Box>

      <Controller
        control={control}
        name="number"
        render={({ field }) => (
          <TextField
            {...field}
            onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
            label={t('sandbox.card.number')}
            placeholder="1234 1234 1234 1234"
            fullWidth
            error={Boolean(err('number'))}
            helperText={err('number')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {brand ? (
                      <Typography sx={{ typography: 'textXs', fontWeight: 800, letterSpacing: '0.04em' }}>
                        {brand.toUpperCase()}
                      </Typography>
                    ) : (
                      <CreditCardRounded sx={{ color: 'text.disabled' }} />
                    )}
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(formatExpiry(event.target.value))}
              label={t('sandbox.card.expiry')}
              placeholder={t('sandbox.card.expiryPlaceholder')}
              error={Boolean(err('expiry'))}
              helperText={err('expiry')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-exp', maxLength: 5 } }}
            />
          )}
        />
        <Controller
          control={control}
          name="cvc"
          render={({ field }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
              label={t('sandbox.card.cvc')}
              placeholder="123"
              error={Boolean(err('cvc'))}
              helperText={err('cvc')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 } }}
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="holder"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('sandbox.card.holder')}
            fullWidth
            error={Boolean(err('holder'))}
            helperText={err('holder')}
            slotProps={{ htmlInput: { autoComplete: 'cc-name', maxLength: 60 } }}
          />
        )}
      />
      <Controller
        control={control}
        name="saveCard"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
            label={
              <Box>
                <Typography sx={{ typography: 'textMd', fontWeight: 600 }}>{t('sandbox.card.save')}</Typography>
                <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
                  {t('sandbox.card.saveHint')}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        fullWidth
        startIcon={busy ? <LoadingSpinner decorative size={18} color="inherit" /> : <LockRounded />}
        data-testid="sandbox-pay"
        sx={{ py: 1.25 }}
      >
        {t('sandbox.pay', { amount: amountLabel })}
      </Button>
      <Button variant="text" color="inherit" disabled={busy} onClick={onCancel} data-testid="sandbox-cancel">
        {t('sandbox.cancel')}
      </Button>
    </Box>
  );
}
