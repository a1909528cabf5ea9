import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { Payee, SettlementRequest } from '@namebourse/contract';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SettlementFormValues } from '../lib/settlement-form.ts';

export const PAYEES_PAGE = '/console/fund/payees';

/** Why wire is not available, with the way to fix it. */
function WireHint({ wire }: { wire: Payee | undefined }) {
  const { t } = useTranslation('payouts');
  const key = !wire || wire.status === 'revoked' ? 'none' : wire.status === 'approved' ? null : wire.status;
  if (!key) return null;
  return (
    <Typography component="span" sx={{ display: 'block', typography: 'textSm', color: 'text.secondary', mt: 0.25 }}>
      {t(`settle.wireHint.${key}`)}{' '}
      <Link component={RouterLink} to={PAYEES_PAGE} underline="always" data-testid="settle-payee-link">
        {t(key === 'none' ? 'settle.wireHint.addLink' : 'settle.wireHint.viewLink')}
      </Link>
    </Typography>
  );
}

/** Where the money goes: the balance, or the approved wire payee (with the way to one when there is none). */
export function SettlementTargetField({
  control,
  error,
  disabled,
  wire,
  wireApproved,
}: {
  control: Control<SettlementFormValues, unknown, SettlementRequest>;
  error: string | undefined;
  disabled: boolean;
  wire: Payee | undefined;
  wireApproved: boolean;
}) {
  const { t } = useTranslation('payouts');
  return (
    <Controller
      control={control}
      name="target"
      render={({ field }) => (
        <FormControl error={Boolean(error)} disabled={disabled}>
          <FormLabel id="settle-target" sx={{ typography: 'textMd', mb: 0.5 }}>
            {t('settle.form.target')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="settle-target"
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
          >
            <FormControlLabel
              value="balance"
              control={<Radio size="small" />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography sx={{ typography: 'textLg', fontWeight: 600 }}>{t('settle.target.balance')}</Typography>
                  <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>
                    {t('settle.target.balanceHint')}
                  </Typography>
                </Box>
              }
            />
            <FormControlLabel
              value="wire"
              disabled={!wireApproved || disabled}
              control={<Radio size="small" />}
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography sx={{ typography: 'textLg', fontWeight: 600 }}>{t('settle.target.wire')}</Typography>
                  <Typography component="span" sx={{ display: 'block', typography: 'textSm', color: 'text.secondary' }}>
                    {wireApproved && wire
                      ? t('settle.target.wireTo', { name: wire.name, account: wire.accountNumber ?? '' })
                      : t('settle.target.wireHint')}
                  </Typography>
                </Box>
              }
            />
          </RadioGroup>
          {!wireApproved ? <WireHint wire={wire} /> : null}
          {error ? <FormHelperText>{error}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}
