import { zodResolver } from '@hookform/resolvers/zod';
import PhonelinkLockRounded from '@mui/icons-material/PhonelinkLockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { MutationError } from '../../../components/mutation-error.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { useBindAuthenticator } from '../api/bind-authenticator.ts';
import { useAuthenticatorBindingInfo } from '../api/get-authenticator-binding-info.ts';
import { useUnbindAuthenticator } from '../api/unbind-authenticator.ts';
import { type BindAuthenticatorForm, bindAuthenticatorSchema } from '../lib/forms.ts';
import { SECTION_IDS } from '../lib/security-checklist.ts';
import { CodeField } from './code-field.tsx';
import { ConfirmWordDialog } from './confirm-word-dialog.tsx';
import { CopyValue } from './copy-value.tsx';
import { MethodRow } from './method-row.tsx';

function BindAuthenticatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('security');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const info = useAuthenticatorBindingInfo(open);
  const bind = useBindAuthenticator();
  const form = useForm<BindAuthenticatorForm>({
    resolver: zodResolver(bindAuthenticatorSchema),
    defaultValues: { code: '' },
  });

  const close = () => {
    form.reset();
    bind.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (!info.data) return;
    try {
      await bind.mutateAsync({ secret: info.data.secret, code });
      showToast(t('authenticator.bound'), 'success');
      close();
    } catch {
      form.setFocus('code');
    }
  });

  return (
    <Dialog open={open} onClose={bind.isPending ? undefined : close} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{t('authenticator.bindTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogContent>
          <Typography color="text.secondary" sx={{ typography: 'textMd', mb: 2, lineHeight: 1.7 }}>
            {t('authenticator.step1')}
          </Typography>
          {info.isPending ? (
            <Box sx={{ display: 'flex', gap: 2.5, flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'center' }}>
              <Skeleton variant="rounded" width={180} height={180} />
              <Box sx={{ flex: 1, width: '100%' }}>
                <Skeleton width="60%" />
                <Skeleton height={48} />
              </Box>
            </Box>
          ) : info.isError ? (
            <ErrorView error={info.error} onRetry={() => void info.refetch()} />
          ) : (
            <Box
              sx={{
                display: 'flex',
                gap: 2.5,
                flexDirection: { xs: 'column', sm: 'row' },
                alignItems: { xs: 'center', sm: 'flex-start' },
              }}
            >
              <Box
                component="img"
                src={info.data.qrCodeDataUrl}
                alt={t('authenticator.qrAlt')}
                data-testid="authenticator-qr"
                sx={{
                  width: 180,
                  height: 180,
                  flexShrink: 0,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  p: 1,
                  bgcolor: 'common.white',
                }}
              />
              <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
                <Typography sx={{ fontWeight: 600, typography: 'textMd' }}>{t('authenticator.cannotScan')}</Typography>
                <Typography color="text.secondary" sx={{ typography: 'textSm', mt: 0.5, mb: 1.5, lineHeight: 1.6 }}>
                  {t('authenticator.cannotScanHelp')}
                </Typography>
                <CopyValue label={t('authenticator.secret')} value={info.data.secret} testId="authenticator-secret" />
              </Box>
            </Box>
          )}
          <Typography color="text.secondary" sx={{ typography: 'textMd', mt: 3, mb: 1.5 }}>
            {t('authenticator.step2')}
          </Typography>
          <Controller
            control={form.control}
            name="code"
            render={({ field, fieldState }) => (
              <CodeField
                {...field}
                label={t('form.code')}
                fullWidth
                disabled={!info.data}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ? t(fieldState.error.message) : ' '}
                slotProps={{ htmlInput: { 'data-testid': 'authenticator-code' } }}
              />
            )}
          />
          <MutationError error={bind.error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={bind.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!info.data || bind.isPending}>
            {bind.isPending ? t('actions.working') : t('authenticator.bind')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function AuthenticatorRow({
  bound,
  unbindBlockedBy,
}: {
  bound: boolean;
  /** Why unbinding would break the MFA rule (spec §6), or null when it may be unbound. */
  unbindBlockedBy: 'loginMfa' | 'secureEmail' | null;
}) {
  const { t } = useTranslation('security');
  const [binding, setBinding] = useState(false);
  const [unbinding, setUnbinding] = useState(false);
  const unbind = useUnbindAuthenticator();

  const confirmUnbind = async () => {
    try {
      await unbind.mutateAsync();
      showToast(t('authenticator.unbound'), 'success');
      setUnbinding(false);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <MethodRow
      id={SECTION_IDS.authenticator}
      icon={<PhonelinkLockRounded />}
      title={t('authenticator.title')}
      description={t('authenticator.description')}
      done={bound}
      statusLabel={bound ? t('status.bound') : t('status.notBound')}
      actions={
        bound ? (
          <Button variant="outlined" color="error" onClick={() => setUnbinding(true)}>
            {t('authenticator.unbind')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setBinding(true)}>
            {t('authenticator.bind')}
          </Button>
        )
      }
    >
      {binding ? <BindAuthenticatorDialog open={binding} onClose={() => setBinding(false)} /> : null}
      <ConfirmWordDialog
        open={unbinding}
        title={t('authenticator.unbindTitle')}
        body={
          <>
            {t('authenticator.unbindBody')}
            {unbindBlockedBy === null ? null : (
              <Box component="span" sx={{ display: 'block', mt: 1, fontWeight: 600 }}>
                {unbindBlockedBy === 'loginMfa'
                  ? t('authenticator.unbindBlocked')
                  : t('authenticator.unbindBlockedEmail')}
              </Box>
            )}
          </>
        }
        confirmLabel={t('authenticator.unbind')}
        pending={unbind.isPending}
        error={unbind.error}
        onConfirm={() => void confirmUnbind()}
        onClose={() => {
          unbind.reset();
          setUnbinding(false);
        }}
      />
    </MethodRow>
  );
}
