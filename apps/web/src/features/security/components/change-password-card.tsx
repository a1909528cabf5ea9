import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../../components/mutation-error.tsx';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { isApiError, isHandledByPipeline } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { type ChangePasswordForm, changePasswordSchema } from '../lib/forms.ts';
import { SECTION_IDS } from '../lib/security-checklist.ts';

const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;
const EMPTY: ChangePasswordForm = { oldPassword: '', password: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const { t } = useTranslation('security');
  const [show, setShow] = useState(false);
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async ({ oldPassword, password: next }) => {
    setDone(false);
    try {
      await change.mutateAsync({ oldPassword, password: next });
      form.reset(EMPTY);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.code === 'Account.PasswordIncorrect') {
        form.setError('oldPassword', { type: 'server', message: error.message });
        change.reset();
        form.setFocus('oldPassword');
        return;
      }
      applyServerFieldErrors(error, FIELDS, form.setError);
    }
  });

  const adornment = (
    <InputAdornment position="end">
      <IconButton
        aria-label={show ? t('password.hide') : t('password.show')}
        onClick={() => setShow((v) => !v)}
        edge="end"
        size="small"
      >
        {show ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
  const message = (text: string | undefined) => (text ? (text.startsWith('form.') ? t(text) : text) : ' ');
  const visibleError = isHandledByPipeline(change.error) ? null : change.error;

  return (
    <SectionCard id={SECTION_IDS.password} title={t('password.title')} description={t('password.description')}>
      {done ? (
        <Alert severity="success" sx={{ mb: 2.5 }} onClose={() => setDone(false)} data-testid="password-changed">
          <Typography sx={{ fontWeight: 600, typography: 'textMd' }}>{t('password.changed')}</Typography>
          {t('password.othersSignedOut')}
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 3,
          rowGap: 1,
          maxWidth: 760,
        }}
      >
        <Controller
          control={form.control}
          name="oldPassword"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type={show ? 'text' : 'password'}
              label={t('password.old')}
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{
                htmlInput: { autoComplete: 'current-password', maxLength: 64 },
                input: { endAdornment: adornment },
              }}
              sx={{ gridColumn: { md: '1 / 2' } }}
            />
          )}
        />
        <Box sx={{ display: { xs: 'none', md: 'block' } }} />
        <Controller
          control={form.control}
          name="password"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type={show ? 'text' : 'password'}
              label={t('password.new')}
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{
                htmlInput: {
                  autoComplete: 'new-password',
                  maxLength: 64,
                  'aria-describedby': 'change-password-checklist',
                },
                input: { endAdornment: adornment },
              }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="confirmPassword"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type={show ? 'text' : 'password'}
              label={t('password.confirm')}
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 64 } }}
            />
          )}
        />
        <Box sx={{ gridColumn: '1 / -1', mt: 1 }}>
          <PasswordChecklist password={password} id="change-password-checklist" />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <MutationError error={visibleError} />
          <Button type="submit" variant="contained" disabled={change.isPending} sx={{ mt: 2, minWidth: 160 }}>
            {change.isPending ? t('actions.working') : t('password.submit')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
