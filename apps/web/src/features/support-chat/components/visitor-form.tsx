import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHAT_LIMITS } from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/error-view.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SUPPORT_CHAT_PATH } from '../../../components/support-chat/chat-window-url.ts';
import { applyServerFieldErrors, contractErrorMap } from '../../../lib/form-errors.ts';
import { loginPath } from '../../../lib/login-redirect.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { VISITOR_FIELDS, type VisitorStart, type VisitorStartInput, VisitorStartSchema } from '../lib/visitor-form.ts';

export interface VisitorFormProps {
  onStart: (values: VisitorStart) => Promise<void>;
  /** Why the form shows again (the chat link expired, the session ended), or null. */
  notice?: string | null;
  defaults?: Partial<VisitorStartInput>;
}

/** A visitor's first step: a name and an e-mail (or sign in to chat as the account). */
export function VisitorForm({ onStart, notice = null, defaults }: VisitorFormProps) {
  const { t } = useTranslation('support-chat');
  const locale = useLocale();
  const resolver = useMemo(() => zodResolver(VisitorStartSchema, { error: contractErrorMap(locale) }), [locale]);
  const form = useForm<VisitorStartInput, unknown, VisitorStart>({
    resolver,
    defaultValues: { name: '', email: '', ...defaults },
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, setFocus, formState } = form;
  const [failure, setFailure] = useState<unknown>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onStart(values);
    } catch (error) {
      const { first } = applyServerFieldErrors(error, VISITOR_FIELDS, setError);
      if (first) setFocus(first);
      else setFailure(error);
    }
  });

  return (
    <Box sx={{ flex: 1, overflowY: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="visitor-form-title"
        sx={{ maxWidth: 420, mx: 'auto' }}
      >
        <Typography id="visitor-form-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('visitor.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2.5, lineHeight: 1.7 }}>
          {t('visitor.body')}
        </Typography>
        <Stack spacing={2}>
          {notice ? (
            <Typography role="alert" variant="body2" color="warning.dark">
              {notice}
            </Typography>
          ) : null}
          <FormTextField
            control={control}
            name="name"
            label={t('visitor.name')}
            autoComplete="name"
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.nameMax } }}
            errorText={formState.errors.name?.message}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('visitor.email')}
            autoComplete="email"
            required
            fullWidth
            helperText={t('visitor.emailHint')}
            slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.emailMax, inputMode: 'email' } }}
            errorText={formState.errors.email?.message}
          />
          {failure ? <ErrorView error={failure} title={t('visitor.failed')} /> : null}
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('visitor.starting') : t('visitor.start')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('visitor.haveAccount')} <Link href={loginPath(SUPPORT_CHAT_PATH)}>{t('visitor.signIn')}</Link>
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}
