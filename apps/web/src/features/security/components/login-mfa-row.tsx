import VerifiedUserRounded from '@mui/icons-material/VerifiedUserRounded';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/feedback-store.ts';
import { useUpdateLoginMfa } from '../api/update-login-mfa.ts';
import { SECTION_IDS } from '../lib/security-checklist.ts';
import { MethodRow } from './method-row.tsx';

export interface LoginMfaRowProps {
  enabled: boolean;
  /** A secure phone or an authenticator exists (spec §6). */
  allowed: boolean;
}

/** Sign-in MFA switch; disabled with the rule explained when there is no phone or authenticator. */
export function LoginMfaRow({ enabled, allowed }: LoginMfaRowProps) {
  const { t } = useTranslation('security');
  const update = useUpdateLoginMfa();
  const checked = update.isPending && update.variables !== undefined ? update.variables : enabled;
  // Turning it off stays possible even when the rule is no longer met.
  const disabled = update.isPending || (!allowed && !enabled);

  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync(next);
      showToast(next ? t('loginMfa.enabledToast') : t('loginMfa.disabledToast'), 'success');
    } catch {
      // The pipeline shows the error; the switch goes back to the stored value.
    }
  };

  return (
    <MethodRow
      id={SECTION_IDS.loginMfa}
      icon={<VerifiedUserRounded />}
      title={t('loginMfa.title')}
      description={t('loginMfa.description')}
      done={enabled}
      statusLabel={enabled ? t('status.on') : t('status.off')}
      actions={
        <FormControlLabel
          sx={{ mr: 0 }}
          labelPlacement="start"
          label={checked ? t('status.on') : t('status.off')}
          control={
            <Switch
              checked={checked}
              disabled={disabled}
              onChange={(_event, next) => void toggle(next)}
              slotProps={{
                input: {
                  'aria-label': t('loginMfa.title'),
                  'aria-describedby': `${SECTION_IDS.loginMfa}-rule`,
                } as object,
              }}
            />
          }
        />
      }
    >
      {allowed ? null : (
        <Alert id={`${SECTION_IDS.loginMfa}-rule`} severity="info" sx={{ mt: 2 }}>
          {t('loginMfa.rule')}
        </Alert>
      )}
    </MethodRow>
  );
}
