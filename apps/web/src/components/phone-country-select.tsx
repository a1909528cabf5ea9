import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { RegionEntry } from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryForDialCode, regionName, useRegionData } from '../lib/region-data.ts';

export interface PhoneCountrySelectProps {
  /** Dial code digits ('86'). */
  value: string;
  onChange: (dialCode: string) => void;
  label: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A country dial-code picker over /region-data.json (region data `p`), searchable by name, ISO code
 * or dial code. Several countries share a dial code (+1, +7): it remembers which one was picked.
 * When the region data cannot be loaded it says 'Failed to retrieve region data. Please refresh the page'.
 */
export function PhoneCountrySelect({ value, onChange, label, disabled, error, helperText }: PhoneCountrySelectProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const regions = useRegionData();
  const options = useMemo(() => (regions.data ?? []).filter((entry) => entry.p), [regions.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const selected = useMemo(() => {
    const chosen = picked ? options.find((entry) => entry.c === picked && entry.p === value) : undefined;
    return chosen ?? countryForDialCode(options, value) ?? null;
  }, [options, value, picked]);

  return (
    <Autocomplete<RegionEntry, false, boolean>
      options={options}
      value={selected}
      disabled={disabled}
      loading={regions.isPending}
      disableClearable={Boolean(selected)}
      autoHighlight
      getOptionLabel={(option) => `+${option.p}`}
      getOptionKey={(option) => option.c}
      isOptionEqualToValue={(option, current) => option.c === current.c}
      filterOptions={(list, state) => {
        const query = state.inputValue.trim().toLowerCase().replace(/^\+/, '');
        if (!query || state.inputValue === `+${selected?.p}`) return list;
        return list.filter(
          (option) =>
            option.p.startsWith(query) ||
            option.c.toLowerCase() === query ||
            option.n.toLowerCase().includes(query) ||
            option.v.includes(query),
        );
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
            <Box component="span" sx={{ fontWeight: 600, minWidth: 52, fontVariantNumeric: 'tabular-nums' }}>
              +{option.p}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {regionName(option, language)}
            </Box>
          </Box>
        );
      }}
      onChange={(_event, option) => {
        if (!option) return;
        setPicked(option.c);
        onChange(option.p);
      }}
      slotProps={{ listbox: { sx: { maxHeight: 280 } }, popper: { sx: { minWidth: 260 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error || regions.isError}
          helperText={regions.isError ? t('regions.failed') : helperText}
        />
      )}
    />
  );
}
