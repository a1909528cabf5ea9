import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  PROFILE_LIMITS,
  type Profile,
  type UpdateProfileRequest,
  UpdateProfileRequestSchema,
} from '@namebourse/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../../app/session/session-context.tsx';
import { copyText, ErrorView } from '../../../components/api-feedback/index.ts';
import { IdText } from '../../../components/id-text.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Values = z.input<typeof UpdateProfileRequestSchema>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 32, wordBreak: 'break-all' }}>
        {children}
      </Box>
    </Box>
  );
}

export function ProfileCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const locale = useLocale();
  const session = useSession();
  const resolver = useMemo(
    () => zodResolver(UpdateProfileRequestSchema, { error: contractErrorMap(locale, { invalidValue: 'choice' }) }),
    [locale],
  );
  const { control, handleSubmit, setError, reset, formState } = useForm<Values, unknown, UpdateProfileRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: { nickname: profile.nickname },
  });
  const mutation = useUpdateProfile();
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await mutation.mutateAsync(values);
      reset({ nickname: saved.nickname });
      session.setUserInfo({ accountNo: saved.accountNo, nickname: saved.nickname });
      showToast(t('profile.saved'), 'success');
    } catch (error) {
      const { first } = applyServerFieldErrors<Values>(error, ['nickname'], setError);
      if (!first) setFailure(error);
    }
  });

  const copyAccountNo = async () => {
    if (await copyText(profile.accountNo)) showToast(t('profile.copied'), 'success');
    else showToast(t('profile.copyFailed'), 'warning');
  };
  const nicknameError = fieldText(formState.errors.nickname?.message, locale);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Fact label={t('profile.accountNo')}>
          <Typography sx={{ fontWeight: 700 }} data-testid="account-no">
            <IdText>{profile.accountNo}</IdText>
          </Typography>
          <Tooltip title={t('profile.copy')}>
            <IconButton size="small" aria-label={t('profile.copy')} onClick={() => void copyAccountNo()}>
              <ContentCopyRounded fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </Fact>
        <Fact label={t('profile.email')}>
          <Typography>{profile.email}</Typography>
        </Fact>
        <Fact label={t('profile.memberSince')}>
          <Typography>
            {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(profile.createdAt))}
          </Typography>
        </Fact>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
      >
        <Controller
          control={control}
          name="nickname"
          render={({ field }) => (
            <TextField
              {...field}
              label={t('profile.nickname')}
              required
              sx={{ flex: 1, width: { xs: '100%', sm: 'auto' }, maxWidth: { sm: 420 } }}
              error={Boolean(nicknameError)}
              helperText={nicknameError ?? t('profile.nicknameHint', { max: PROFILE_LIMITS.nicknameMax })}
              slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.nicknameMax } }}
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isDirty || mutation.isPending}
          sx={{ height: 56, minWidth: 120, width: { xs: '100%', sm: 'auto' } }}
        >
          {mutation.isPending ? t('actions.saving') : t('actions.save')}
        </Button>
      </Box>
      {failure ? <ErrorView error={failure} /> : null}
    </Box>
  );
}
