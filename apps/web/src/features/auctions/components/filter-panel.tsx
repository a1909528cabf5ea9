import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_SUFFIXES, type FilterDraft, type FilterKey, suffixList, toggleSuffix } from '../lib/filter-query.ts';

export interface FilterPanelProps {
  draft: FilterDraft;
  /** Localised message per field (client checks and the server's field errors). */
  errors: Partial<Record<FilterKey, string>>;
  onChange: (key: FilterKey, value: string) => void;
  onApply: () => void;
  onReset: () => void;
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography sx={{ typography: 'textSm', fontWeight: 700, color: 'text.secondary' }}>{label}</Typography>
      {children}
    </Box>
  );
}

/** The filter form of /sale: every filter name of the contract. Apply writes it to the address. */
export function FilterPanel({ draft, errors, onChange, onApply, onReset }: FilterPanelProps) {
  const { t } = useTranslation('auctions');

  const numberField = (key: FilterKey, label: string, dollars = false) => (
    <TextField
      size="small"
      label={label}
      value={draft[key]}
      onChange={(event) => onChange(key, event.target.value.replace(/[^\d]/g, ''))}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': `sale-filter-${key}` },
        input: dollars ? { startAdornment: <InputAdornment position="start">$</InputAdornment> } : undefined,
      }}
      fullWidth
    />
  );
  const dateField = (key: FilterKey, label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={draft[key]}
      onChange={(event) => onChange(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `sale-filter-${key}` } }}
      fullWidth
    />
  );
  const flag = (key: FilterKey, label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={draft[key] === 'true'}
          onChange={(event) => onChange(key, event.target.checked ? 'true' : '')}
          slotProps={{ input: { 'data-testid': `sale-filter-${key}` } as object }}
        />
      }
      label={<Typography sx={{ typography: 'textMd' }}>{label}</Typography>}
    />
  );
  const suffixes = suffixList(draft.suffix);

  return (
    <Box
      component="form"
      noValidate
      data-testid="sale-filter-panel"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
      sx={{ display: 'grid', gap: 2.25 }}
    >
      <Group label={t('filter.price')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, alignItems: 'start' }}>
          {numberField('minPrice', t('filter.min'), true)}
          {numberField('maxPrice', t('filter.max'), true)}
        </Box>
      </Group>
      <Group label={t('filter.seo')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: '1fr' }, gap: 1, alignItems: 'start' }}>
          {numberField('minBaiduWeight', t('filter.minBaiduWeight'))}
          {numberField('minBaiduIndex', t('filter.minBaiduIndex'))}
          {numberField('minSougouIndex', t('filter.minSougouIndex'))}
        </Box>
      </Group>
      <Group label={t('filter.backlinks')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, alignItems: 'start' }}>
          {numberField('minBackLinks', t('filter.min'))}
          {numberField('maxBackLinks', t('filter.max'))}
        </Box>
      </Group>
      <Group label={t('filter.suffix')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {COMMON_SUFFIXES.map((tld) => {
            const on = suffixes.includes(tld);
            return (
              <Chip
                key={tld}
                size="small"
                label={`.${tld}`}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => onChange('suffix', toggleSuffix(draft.suffix, tld))}
                aria-pressed={on}
                data-testid={`sale-filter-suffix-${tld}`}
              />
            );
          })}
        </Box>
        <TextField
          size="small"
          placeholder={t('filter.suffixPlaceholder')}
          value={draft.suffix}
          onChange={(event) => onChange('suffix', event.target.value)}
          error={Boolean(errors.suffix)}
          helperText={errors.suffix}
          slotProps={{ htmlInput: { 'data-testid': 'sale-filter-suffix' } }}
          fullWidth
        />
      </Group>
      <Group label={t('filter.name')}>
        <TextField
          size="small"
          label={t('filter.includeAsStart')}
          value={draft.includeAsStart}
          onChange={(event) => onChange('includeAsStart', event.target.value)}
          error={Boolean(errors.includeAsStart)}
          helperText={errors.includeAsStart}
          slotProps={{ htmlInput: { 'data-testid': 'sale-filter-includeAsStart', maxLength: 63 } }}
          fullWidth
        />
        <Box sx={{ display: 'grid' }}>
          {flag('excludeHyphens', t('filter.excludeHyphens'))}
          {flag('excludePremiumNames', t('filter.excludePremiumNames'))}
        </Box>
      </Group>
      <Group label={t('filter.dates')}>
        {dateField('regTimeEnd', t('filter.regTimeEnd'))}
        {dateField('expirationTimeEnd', t('filter.expirationTimeEnd'))}
      </Group>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          color="inherit"
          onClick={onReset}
          sx={{ flex: 1, whiteSpace: 'nowrap' }}
          data-testid="sale-filter-reset"
        >
          {t('filter.reset')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          sx={{ flex: 1.4, whiteSpace: 'nowrap' }}
          data-testid="sale-filter-panel-apply"
        >
          {t('filter.apply')}
        </Button>
      </Box>
    </Box>
  );
}
