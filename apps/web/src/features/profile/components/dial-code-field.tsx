import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { RegionEntry } from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryForDialCode, regionName } from '../lib/region-cache';

export interface DialCodeFieldProps {
  regions: readonly RegionEntry[];
  /** Dial code digits ('86'). */
  value: string;
  onChange: (dialCode: string) => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  label: string;
}

/** A country dial-code picker (region data `p`), searchable by name, code or dial code. */
export function DialCodeField({ regions, value, onChange, disabled, error, helperText, label }: DialCodeFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Several countries share a dial code (+1, +7): remember which one was picked.
  const [picked, setPicked] = useState<string | null>(null);
  const selected = useMemo(() => {
    const chosen = picked ? regions.find((entry) => entry.c === picked && entry.p === value) : undefined;
    return chosen ?? countryForDialCode(regions, value) ?? null;
  }, [regions, value, picked]);

  return (
    <Autocomplete
      options={regions as RegionEntry[]}
      value={selected}
      disabled={disabled}
      disableClearable={Boolean(selected)}
      autoHighlight
      getOptionLabel={(option) => `+${option.p}`}
      isOptionEqualToValue={(option, current) => option.c === current.c}
      filterOptions={(options, state) => {
        const q = state.inputValue.trim().toLowerCase().replace(/^\+/, '');
        if (!q || state.inputValue === `+${selected?.p}`) return options;
        return options.filter(
          (o) => o.p.startsWith(q) || o.c.toLowerCase() === q || o.n.toLowerCase().includes(q) || o.v.includes(q),
        );
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
            <Box component="span" sx={{ fontWeight: 600, minWidth: 52 }}>
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
      slotProps={{ popper: { sx: { minWidth: 260 } } }}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
}
