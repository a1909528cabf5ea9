import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { RegionEntry } from '@namebourse/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionData } from '../api/get-region-data';
import { dialDigits } from '../lib/forms';

export interface DialOption {
  code: string;
  name: string;
  dial: string;
}

/** Countries with a dial code, named in the page language, one option per country. */
export function dialOptions(regions: readonly RegionEntry[], zh: boolean): DialOption[] {
  const seen = new Set<string>();
  const options: DialOption[] = [];
  for (const region of regions) {
    const dial = dialDigits(region.p);
    if (!dial || seen.has(region.c)) continue;
    seen.add(region.c);
    options.push({ code: region.c, name: (zh ? region.v : region.n) || region.n || region.c, dial });
  }
  return options;
}

export interface DialCodeSelectProps {
  /** The dial code digits ('86'). */
  value: string;
  onChange: (dial: string) => void;
  error?: boolean;
  helperText?: string;
}

/** Country dial-code picker from /region-data.json; several countries may share a code (+1). */
export function DialCodeSelect({ value, onChange, error, helperText }: DialCodeSelectProps) {
  const { t, i18n } = useTranslation('security');
  const regions = useRegionData();
  const zh = (i18n.resolvedLanguage ?? i18n.language).startsWith('zh');
  const options = useMemo(() => dialOptions(regions.data ?? [], zh), [regions.data, zh]);
  const selected = options.find((option) => option.dial === value) ?? null;

  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={regions.isPending}
      onChange={(_event, option) => onChange(option?.dial ?? '')}
      getOptionLabel={(option) => `+${option.dial}`}
      getOptionKey={(option) => option.code}
      filterOptions={(list, state) => {
        const query = state.inputValue.trim().toLowerCase().replace(/^\+/, '');
        if (!query) return list;
        return list.filter(
          (option) =>
            option.dial.startsWith(query) ||
            option.name.toLowerCase().includes(query) ||
            option.code.toLowerCase() === query,
        );
      }}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, fontSize: 14 }}>
            <Box component="span" sx={{ flex: 1 }}>
              {option.name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
              +{option.dial}
            </Box>
          </Box>
        );
      }}
      slotProps={{ listbox: { sx: { maxHeight: 280 } }, popper: { sx: { minWidth: 260 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('form.dialCode')}
          error={error || regions.isError}
          helperText={regions.isError ? t('form.regionFailed') : helperText}
        />
      )}
    />
  );
}
