import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MfaMethod } from '@namebourse/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaDialogState, MfaFactorInput } from '../../lib/feedback-store.ts';
import { sendVerificationCode } from '../../lib/verification-code.ts';
import { CodeButton } from './code-button.tsx';
import { maskTarget } from './mask-target.ts';

const SCENE_BY_METHOD = { EMAIL: 'MFA_BY_SECURITY_EMAIL', SMS: 'MFA_BY_SECURITY_PHONE' } as const;

/** The factors to submit: every field the user filled, in the challenge's order. */
export function filledFactors(methods: readonly MfaMethod[], tokens: Partial<Record<MfaMethod, string>>) {
  const factors: MfaFactorInput[] = [];
  for (const method of methods) {
    const token = tokens[method]?.trim();
    if (token) factors.push({ method, token });
  }
  return factors;
}

/** The MFA dialog of spec §8: one field per factor, attempts left, submit and cancel. */
export function MfaDialog({ dialog }: { dialog: MfaDialogState }) {
  const { t } = useTranslation('api');
  const [tokens, setTokens] = useState<Partial<Record<MfaMethod, string>>>({});
  const { challenge } = dialog;
  const factors = filledFactors(
    challenge.availableFactors.map((factor) => factor.method),
    tokens,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dialog.submitting || factors.length === 0) return;
    void dialog.submit(factors);
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !dialog.submitting) dialog.cancel();
      }}
      aria-labelledby="mfa-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="mfa-dialog-title">{t('mfa.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('mfa.description')}
            </Typography>
            {dialog.error ? (
              <Alert severity="error" data-testid="mfa-error">
                {dialog.error}
              </Alert>
            ) : null}
            {challenge.availableFactors.map((factor, index) => {
              const method = factor.method;
              const target = maskTarget(method, factor.target);
              const tip = dialog.tips[method] ?? factor.tip;
              return (
                <Box key={method}>
                  {target && method !== 'AUTHENTICATOR' ? (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                      {t('mfa.target', { target })}
                    </Typography>
                  ) : null}
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      fullWidth
                      size="small"
                      autoFocus={index === 0}
                      label={t(`mfa.method.${method}`)}
                      placeholder={t('mfa.placeholder')}
                      value={tokens[method] ?? ''}
                      onChange={(event) => setTokens((current) => ({ ...current, [method]: event.target.value }))}
                      helperText={tip || ' '}
                      error={Boolean(factor.failed)}
                      autoComplete="one-time-code"
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, 'data-method': method } }}
                    />
                    {method === 'AUTHENTICATOR' ? null : (
                      <CodeButton
                        size="medium"
                        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                        onSend={() =>
                          sendVerificationCode({
                            sceneCode: SCENE_BY_METHOD[method],
                            challengeId: challenge.challengeId,
                          })
                        }
                      />
                    )}
                  </Stack>
                </Box>
              );
            })}
            <Typography variant="body2" data-testid="mfa-attempts">
              {t('mfa.attemptsLeft', { attempts: dialog.attemptsLeft })}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => dialog.cancel()} disabled={dialog.submitting}>
            {t('mfa.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={dialog.submitting || factors.length === 0}>
            {t('mfa.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
