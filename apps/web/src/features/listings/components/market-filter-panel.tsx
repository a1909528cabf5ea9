import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INDUSTRY_KEYS } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { MARKET_COMMON_TLDS, MARKET_MODES, type MarketDraft, type MarketFilterKey } from '../lib/market-query.ts';
import { industryName } from './market-industry-chips.tsx';

export interface MarketFilterPanelProps {
  draft: MarketDraft;
  /** Localised message per field (client checks and the server's field errors). */
  errors: Partial<Record<MarketFilterKey, string>>;
  onChange: (key: MarketFilterKey, value: string) => void;
  onApply: () => void;
  onReset: () => void;
}

function Group({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Box role="group" aria-labelledby={id} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={id} sx={{ typography: 'textSm', fontWeight: 700, color: 'text.secondary' }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** The filter form of /market (everything but the search box). Apply writes it to the address. */
export function MarketFilterPanel({ draft, errors, onChange, onApply, onReset }: MarketFilterPanelProps) {
  const { t } = useTranslation(['market', 'listings']);
  const locale = useLocale();

  const numberField = (key: 'minPrice' | 'maxPrice' | 'minLength' | 'maxLength', label: string, dollars: boolean) => (
    <TextField
      size="small"
      label={label}
      value={draft[key]}
      onChange={(event) => onChange(key, event.target.value.replace(dollars ? /[^\d.]/g : /[^\d]/g, ''))}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      slotProps={{
        htmlInput: {
          inputMode: dollars ? 'decimal' : 'numeric',
          'aria-label': t(`market:filter.${key}Label`),
          'data-testid': `market-filter-${key}`,
        },
        input: dollars ? { startAdornment: <InputAdornment position="start">$</InputAdornment> } : undefined,
      }}
      fullWidth
    />
  );
  const tld = draft.tld.replace(/^\./, '').toLowerCase();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
      sx={{ display: 'grid', gap: 2.25 }}
      data-testid="market-filter-panel"
    >
      <TextField
        select
        size="small"
        label={t('market:filter.mode')}
        value={draft.mode}
        onChange={(event) => onChange('mode', event.target.value)}
        error={Boolean(errors.mode)}
        helperText={errors.mode}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, inputProps: { 'data-testid': 'market-filter-mode' } },
        }}
        fullWidth
      >
        <MenuItem value="">{t('market:filter.anyMode')}</MenuItem>
        {MARKET_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(`listings:mode.${mode}`)}
          </MenuItem>
        ))}
      </TextField>

      <Group label={t('market:filter.price')} id="market-filter-price">
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          {numberField('minPrice', t('market:filter.min'), true)}
          {numberField('maxPrice', t('market:filter.max'), true)}
        </Box>
      </Group>

      <Group label={t('market:filter.tld')} id="market-filter-tld">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {MARKET_COMMON_TLDS.map((value) => (
            <Chip
              key={value}
              label={`.${value}`}
              size="small"
              color={tld === value ? 'primary' : 'default'}
              variant={tld === value ? 'filled' : 'outlined'}
              aria-pressed={tld === value}
              onClick={() => onChange('tld', tld === value ? '' : value)}
            />
          ))}
        </Box>
        <TextField
          size="small"
          label={t('market:filter.tld')}
          placeholder={t('market:filter.tldPlaceholder')}
          value={draft.tld}
          onChange={(event) => onChange('tld', event.target.value)}
          error={Boolean(errors.tld)}
          helperText={errors.tld}
          slotProps={{ htmlInput: { maxLength: 24, 'data-testid': 'market-filter-tld' } }}
          fullWidth
        />
      </Group>

      <Group label={t('market:filter.length')} id="market-filter-length">
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          {numberField('minLength', t('market:filter.min'), false)}
          {numberField('maxLength', t('market:filter.max'), false)}
        </Box>
      </Group>

      <TextField
        select
        size="small"
        label={t('market:filter.industry')}
        value={draft.industry}
        onChange={(event) => onChange('industry', event.target.value)}
        error={Boolean(errors.industry)}
        helperText={errors.industry}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, inputProps: { 'data-testid': 'market-filter-industry' } },
        }}
        fullWidth
      >
        <MenuItem value="">{t('market:filter.anyIndustry')}</MenuItem>
        {INDUSTRY_KEYS.map((key) => (
          <MenuItem key={key} value={key}>
            {industryName(key, locale)}
          </MenuItem>
        ))}
      </TextField>

      <TextField
        size="small"
        label={t('market:filter.keyword')}
        placeholder={t('market:filter.keywordPlaceholder')}
        value={draft.keyword}
        onChange={(event) => onChange('keyword', event.target.value)}
        error={Boolean(errors.keyword)}
        helperText={errors.keyword}
        slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'market-filter-keyword' } }}
        fullWidth
      />

      <Box sx={{ display: 'grid', gap: 1 }}>
        <Button type="submit" variant="contained" fullWidth data-testid="market-filter-apply">
          {t('market:filter.apply')}
        </Button>
        <Button variant="text" color="inherit" fullWidth onClick={onReset} data-testid="market-filter-reset">
          {t('market:filter.reset')}
        </Button>
      </Box>
    </Box>
  );
}
