import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOCALES, NOTIFICATION_KEYS, type Settings, SettingsSchema } from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorView } from '../../../components/api-feedback/index.ts';
import { showToast } from '../../../lib/feedback-store.ts';
import { applyServerFieldErrors, contractErrorMap, fieldText } from '../../../lib/form-errors.ts';
import { currentLanguage, switchLanguage } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { timeZoneLabel, timeZoneOptions } from '../lib/time-zones.ts';
import { FormActions } from './form-actions.tsx';

type Values = z.input<typeof SettingsSchema>;

export function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  // Names with their offset now, worked out once: 'Asia/Shanghai (UTC+08:00)'.
  const zoneLabels = useMemo(() => new Map(zones.map((zone) => [zone, timeZoneLabel(zone)])), [zones]);
  const filterZones = useMemo(
    () => createFilterOptions<string>({ stringify: (zone) => `${zone} ${zoneLabels.get(zone) ?? ''}` }),
    [zoneLabels],
  );
  const resolver = useMemo(
    () => zodResolver(SettingsSchema, { error: contractErrorMap(locale, { invalidValue: 'choice' }) }),
    [locale],
  );
  const { control, handleSubmit, setError, reset, formState } = useForm<Values, unknown, Settings>({
    resolver,
    defaultValues: settings,
  });
  const mutation = useUpdateSettings();
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await mutation.mutateAsync(values);
      reset(saved);
      showToast(t('settings.saved'), 'success');
      // The interface follows the saved language (spec §1: switching reloads the page).
      if (saved.language !== currentLanguage()) await switchLanguage(saved.language);
    } catch (error) {
      const { first } = applyServerFieldErrors<Values>(error, ['language', 'timeZone'], setError);
      if (!first) setFailure(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <TextField {...field} select label={t('settings.language')} helperText={t('settings.languageHint')}>
              {LOCALES.map((lng) => (
                <MenuItem key={lng} value={lng}>
                  {t(`settings.languages.${lng}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              disableClearable
              autoHighlight
              getOptionLabel={(zone) => zoneLabels.get(zone) ?? zone}
              // Found by its IANA name (America/New_York) as well as by what the list shows (America/New York).
              filterOptions={filterZones}
              onChange={(_event, zone) => field.onChange(zone)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name="timeZone"
                  label={t('settings.timeZone')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldText(fieldState.error?.message, locale) ?? t('settings.timeZoneHint')}
                />
              )}
            />
          )}
        />
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('settings.notifications')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('settings.notificationsHint')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
          {NOTIFICATION_KEYS.map((key) => (
            <Controller
              key={key}
              control={control}
              name={`notifications.${key}`}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ py: 0.5, mr: 0, alignItems: 'flex-start' }}
                  control={
                    <Switch
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      name={`notifications.${key}`}
                    />
                  }
                  label={
                    <Box sx={{ pt: 0.75 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {t(`settings.notify.${key}.title`)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`settings.notify.${key}.description`)}
                      </Typography>
                    </Box>
                  }
                />
              )}
            />
          ))}
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Controller
          control={control}
          name="digest"
          render={({ field }) => (
            <FormControlLabel
              sx={{ py: 0.5, mr: 0, alignItems: 'flex-start' }}
              control={
                <Switch
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  name="digest"
                />
              }
              label={
                <Box sx={{ pt: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('settings.digest.title')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('settings.digest.description')}
                  </Typography>
                </Box>
              }
            />
          )}
        />
      </Box>
      {failure ? <ErrorView error={failure} /> : null}
      <FormActions dirty={formState.isDirty} pending={mutation.isPending} onReset={() => reset()} saveNeedsChange />
    </Box>
  );
}
