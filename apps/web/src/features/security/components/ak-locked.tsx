import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import type { AkEligibility } from '../api/check-can-create-ak.ts';
import { eligibilityRequirements } from '../lib/eligibility.ts';

/** The contact page of the support area (the brief's route for a trial). */
export const CONTACT_US_PATH = '/contact-us';

/** Server reasons (contract ApiAccessReason) that lock access, each with its own text. */
export const LOCK_REASONS: readonly string[] = ['SPENDING_TOO_LOW', 'BALANCE_TOO_LOW'];

/** Locked API access (spec §6): why, both conditions with the amounts, and the contact-us route for a trial. */
export function AkLocked({ eligibility }: { eligibility: AkEligibility }) {
  const { t, i18n } = useTranslation('security');
  const lng = i18n.resolvedLanguage;
  const rows = eligibilityRequirements(eligibility);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }} data-testid="ak-locked">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box
          sx={(theme) => ({
            width: 56,
            height: 56,
            borderRadius: '50%',
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            color: 'warning.main',
            bgcolor: alpha(theme.palette.warning.main, 0.12),
          })}
        >
          <LockOutlined />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h6">
            {t('ak.locked.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, typography: 'textLg', lineHeight: 1.7 }}>
            {t('ak.locked.body', {
              spent: formatMoney(eligibility.requiredSpentCents, lng),
              available: formatMoney(eligibility.requiredAvailableCents, lng),
            })}
          </Typography>
          {eligibility.reason && LOCK_REASONS.includes(eligibility.reason) ? (
            <Typography sx={{ mt: 1, typography: 'textMd', fontWeight: 600 }} data-testid="ak-locked-reason">
              {t(`ak.locked.reason.${eligibility.reason}`)}
            </Typography>
          ) : null}
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 3 }}>
        {rows.map((row) => (
          <Box
            key={row.key}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
            data-testid={`ak-requirement-${row.key}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, typography: 'textMd', flex: 1 }}>
                {t(`ak.locked.${row.key}`)}
              </Typography>
              {row.met ? (
                <CheckCircleRounded fontSize="small" color="success" aria-label={t('ak.locked.met')} />
              ) : (
                <Typography variant="caption" color="warning.main" sx={{ fontWeight: 700 }}>
                  {t('ak.locked.notMet')}
                </Typography>
              )}
            </Box>
            <Typography sx={{ mt: 1, typography: 'text5xl', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(row.currentCents, lng)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('ak.locked.required', { amount: formatMoney(row.requiredCents, lng) })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={row.progress}
              color={row.met ? 'success' : 'warning'}
              sx={{ mt: 1.25, height: 6, borderRadius: 3 }}
              aria-label={t(`ak.locked.${row.key}`)}
            />
          </Box>
        ))}
      </Box>

      <Box
        sx={{
          mt: 3,
          display: 'flex',
          gap: 2,
          alignItems: { sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <Button
          component={RouterLink}
          to={CONTACT_US_PATH}
          variant="contained"
          size="large"
          startIcon={<SupportAgentRounded />}
          data-testid="ak-contact-us"
        >
          {t('ak.locked.contact')}
        </Button>
        <Typography color="text.secondary" sx={{ typography: 'textMd' }}>
          {t('ak.locked.contactHelp')}
        </Typography>
      </Box>
    </Paper>
  );
}
