import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MyDomain } from '@namebourse/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickerDomains } from '../api/transfer-domain.ts';

/** How long the picker waits after the last keystroke before it searches (ms). */
const SEARCH_DELAY_MS = 300;

/**
 * The searchable choice of one of my domains (GET /domains?keyword); `value` is the chosen name (from the address).
 * Each choice shows its status, so a domain already transferring out is easy to find.
 */
export function TransferDomainPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (name: string | null) => void;
}) {
  const { t } = useTranslation('transfers');
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState(value ?? '');
  const [keyword, setKeyword] = useState('');
  useEffect(() => setInput(value ?? ''), [value]);
  useEffect(() => {
    const next = input.trim() === (value ?? '') ? '' : input.trim();
    const timer = setTimeout(() => setKeyword(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input, value]);

  const domains = usePickerDomains(keyword, open);
  const byName = useMemo(() => {
    const map = new Map<string, MyDomain>();
    for (const domain of domains.data?.items ?? []) map.set(domain.name, domain);
    return map;
  }, [domains.data]);
  const options = useMemo(() => {
    const names = [...byName.keys()];
    return value && !byName.has(value) ? [value, ...names] : names;
  }, [byName, value]);

  return (
    <Autocomplete<string, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      filterOptions={(all) => all}
      loading={domains.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={t('picker.noOptions')}
      clearText={t('picker.clear')}
      openText={t('picker.open')}
      closeText={t('picker.close')}
      autoHighlight
      sx={{ maxWidth: { md: 480 } }}
      renderOption={({ key, ...props }, name) => {
        const domain = byName.get(name);
        return (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography component="span" sx={{ typography: 'textMd', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            {domain ? (
              <Typography component="span" sx={{ typography: 'textSm', color: 'text.secondary', flexShrink: 0 }}>
                {t(`domainStatus.${domain.status}`)}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('picker.label')}
          placeholder={t('picker.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-domain-picker' },
          }}
        />
      )}
    />
  );
}
