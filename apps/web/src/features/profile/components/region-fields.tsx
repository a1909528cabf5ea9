import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/region-data.ts';

type Option = { c: string; v: string; n: string };

export interface RegionSelectProps<T extends Option> {
  options: readonly T[];
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  label: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  name: string;
}

/** A searchable country or province picker over the region data (shows the name in the UI language). */
export function RegionSelect<T extends Option>({
  options,
  value,
  onChange,
  onBlur,
  label,
  error,
  helperText,
  disabled,
  name,
}: RegionSelectProps<T>) {
  const { i18n } = useTranslation();
  const selected = options.find((option) => option.c === value) ?? null;
  return (
    <Autocomplete
      options={options as T[]}
      value={selected}
      disabled={disabled}
      autoHighlight
      getOptionLabel={(option) => regionName(option, i18n.language)}
      getOptionKey={(option) => option.c}
      isOptionEqualToValue={(option, current) => option.c === current.c}
      onChange={(_event, option) => onChange(option?.c ?? '')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} error={error} helperText={helperText} required />
      )}
    />
  );
}
