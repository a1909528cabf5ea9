import { zodResolver } from '@hookform/resolvers/zod';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TRANSACTION_TYPES, USER_BUCKETS } from '@namebourse/contract';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { EMPTY_FILTER, type HistoryFilter, historyFilterSchema, isFilterEmpty } from '../lib/history-filter.ts';

/** The history's filters (type, balance, dates): each change applies at once. */
export function FilterBar({ filter, onApply }: { filter: HistoryFilter; onApply: (filter: HistoryFilter) => void }) {
  const { t } = useTranslation('funds');
  const locale = useLocale();
  const resolver = useMemo(() => zodResolver(historyFilterSchema), []);
  const { control, handleSubmit, formState, reset } = useForm<HistoryFilter>({
    resolver,
    mode: 'onChange',
    defaultValues: filter,
  });
  // The address changes after each applied filter; only a change from elsewhere (back, a link) resets the form,
  // so a field typed while the previous one was being applied is kept.
  const applied = useRef(JSON.stringify(filter));
  const current = JSON.stringify(filter);
  useEffect(() => {
    if (current === applied.current) return;
    applied.current = current;
    reset(JSON.parse(current) as HistoryFilter);
  }, [current, reset]);
  const apply = () =>
    void handleSubmit((values) => {
      applied.current = JSON.stringify(values);
      onApply(values);
    })();
  const errorOf = (name: 'from' | 'to') => fieldText(formState.errors[name]?.message, locale);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      role="search"
      aria-label={t('history.filters.label')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr)) auto' },
        alignItems: 'start',
      }}
    >
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <TextField
            {...field}
            select
            size="small"
            label={t('history.filters.type')}
            onChange={(event) => {
              field.onChange(event.target.value);
              apply();
            }}
            slotProps={{
              select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
              inputLabel: { shrink: true },
            }}
            data-testid="history-filter-type"
          >
            <MenuItem value="">{t('history.filters.allTypes')}</MenuItem>
            {TRANSACTION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="bucket"
        render={({ field }) => (
          <TextField
            {...field}
            select
            size="small"
            label={t('history.filters.bucket')}
            onChange={(event) => {
              field.onChange(event.target.value);
              apply();
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="history-filter-bucket"
          >
            <MenuItem value="">{t('history.filters.allBuckets')}</MenuItem>
            {USER_BUCKETS.map((bucket) => (
              <MenuItem key={bucket} value={bucket}>
                {t(`buckets.${bucket}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {(['from', 'to'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <TextField
              {...field}
              type="date"
              size="small"
              label={t(`history.filters.${name}`)}
              error={Boolean(errorOf(name))}
              helperText={errorOf(name)}
              onChange={(event) => {
                field.onChange(event.target.value);
                apply();
              }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `history-filter-${name}` } }}
            />
          )}
        />
      ))}
      <Button
        type="button"
        startIcon={<FilterAltOffOutlined />}
        disabled={isFilterEmpty(filter) && !formState.isDirty}
        onClick={() => {
          reset(EMPTY_FILTER);
          applied.current = JSON.stringify(EMPTY_FILTER);
          onApply(EMPTY_FILTER);
        }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { xs: 'start', md: 'stretch' }, height: 40 }}
      >
        {t('history.filters.reset')}
      </Button>
    </Box>
  );
}
