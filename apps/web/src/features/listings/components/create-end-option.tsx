import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LISTING_END_OPTIONS, type ListingEndOption } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';

/** The end option of every row of a batch (spec §9). */
export function CreateEndOption({
  value,
  onChange,
  disabled,
}: {
  value: ListingEndOption;
  onChange: (value: ListingEndOption) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('listings');
  return (
    <TextField
      select
      size="small"
      label={t('create.endOption')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as ListingEndOption)}
      sx={{ minWidth: 200 }}
    >
      {LISTING_END_OPTIONS.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`endOption.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
