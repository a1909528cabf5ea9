import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOMAIN_RULES } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

const YEARS = Array.from(
  { length: DOMAIN_RULES.renewYearsMax - DOMAIN_RULES.renewYearsMin + 1 },
  (_, i) => DOMAIN_RULES.renewYearsMin + i,
);

/** 1–10 years of renewal. */
export function YearsSelect({ value, onChange }: { value: number; onChange: (years: number) => void }) {
  const { t } = useTranslation('domains');
  return (
    <TextField
      select
      fullWidth
      label={t('renew.years')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ mt: 1 }}
    >
      {YEARS.map((years) => (
        <MenuItem key={years} value={years}>
          {t('renew.yearsOption', { count: years })}
        </MenuItem>
      ))}
    </TextField>
  );
}
