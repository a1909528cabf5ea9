import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BUYING_RULES,
  INDUSTRIES,
  INDUSTRY_KEYS,
  type Industry,
  LISTING_END_OPTIONS,
  LISTING_MODES,
  LISTING_RULES,
  type Listing,
  type ListingEndOption,
  type ListingMode,
  sellerProceeds,
} from '@namebourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDollarsToCents } from '../../../components/auction/dollars.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client.ts';
import { fieldText } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePublicParameters } from '../../../lib/public-parameters.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { createListing } from '../api/create-listing.ts';
import { sellerListingKeys } from '../api/get-listings.ts';
import { type CreateFormErrors, type CreateFormValues, createBody, emptyCreateForm } from '../lib/create-form.ts';
import { OwnershipProof } from './ownership-proof.tsx';

/** The codes that mean 'prove you hold it first': the ownership panel opens. */
export const OWNERSHIP_CODES = ['Listing.DomainNotHeld', 'Listing.OwnershipNotVerified'];

const SERVER_FIELD: Record<string, keyof CreateFormValues> = {
  domain: 'domain',
  priceCents: 'price',
  startPriceCents: 'startPrice',
  reservePriceCents: 'reservePrice',
  floorCents: 'floor',
  durationDays: 'durationDays',
  industries: 'industries',
  keywords: 'keywords',
  descriptionZh: 'descriptionZh',
  descriptionEn: 'descriptionEn',
  endOption: 'endOption',
};

const DURATIONS = Array.from(
  { length: LISTING_RULES.auctionMaxDays - LISTING_RULES.auctionMinDays + 1 },
  (_, i) => LISTING_RULES.auctionMinDays + i,
);

/**
 * Listing one domain: the domain, the mode (radio cards with what each means), the mode's prices in dollars, the
 * auction's duration, the end option, industries (≤ 5), keywords and the descriptions. Held elsewhere and not yet
 * proven → the ownership panel, then submit again.
 */
export function CreateSingleForm({
  initialDomain,
  onCreated,
}: {
  initialDomain: string;
  onCreated: (listing: Listing) => void;
}) {
  const { t } = useTranslation('listings');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CreateFormValues>(() => emptyCreateForm(initialDomain));
  const [errors, setErrors] = useState<CreateFormErrors>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [proofFor, setProofFor] = useState<string | null>(null);

  const set = <K extends keyof CreateFormValues>(key: K, value: CreateFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    const parsed = createBody(values, locale);
    if (!parsed.body) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setError(null);
    setPending(true);
    try {
      const listing = await createListing(parsed.body);
      void queryClient.invalidateQueries({ queryKey: sellerListingKeys.all });
      onCreated(listing);
    } catch (caught) {
      if (isApiError(caught) && OWNERSHIP_CODES.includes(caught.code)) {
        setProofFor(parsed.body.domain);
      } else {
        const fields = fieldErrorsOf(caught);
        const mapped: CreateFormErrors = {};
        for (const [name, message] of Object.entries(fields)) {
          const field = name === 'priceCents' && values.mode === 'offer' ? 'buyNow' : SERVER_FIELD[name];
          if (field) mapped[field] = fieldText(message, locale) ?? message;
        }
        setErrors(mapped);
        setError(caught);
      }
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const money = (field: 'price' | 'startPrice' | 'reservePrice' | 'floor' | 'buyNow', label: string, hint?: string) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? hint ?? ' '}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': `field-${field}` },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  );

  // The commission is a parameter: the server's rate of the day (the one the new listing locks).
  const commissionBps = usePublicParameters().data?.commissionBps;
  const industryName = (key: string) => INDUSTRIES[key as Industry]?.[locale] ?? key;
  /** The seller's net at a typed price (the commission of the day, locked for the listing): shown before listing. */
  const netHint = (typed: string, fallback: string) => {
    const cents = parseDollarsToCents(typed);
    if (cents === null || cents < LISTING_RULES.minPriceCents || commissionBps === undefined) return fallback;
    const { netCents } = sellerProceeds(cents, commissionBps);
    return t('create.netHint', {
      net: formatMoney(netCents, locale),
      rate: (commissionBps / 100).toLocaleString(locale),
      months: BUYING_RULES.feeLockMonths,
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }} data-testid="create-single">
      <TextField
        label={t('create.domain')}
        value={values.domain}
        onChange={(event) => {
          set('domain', event.target.value);
          setProofFor(null);
        }}
        error={Boolean(errors.domain)}
        helperText={errors.domain ?? t('create.domainHint')}
        required
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, autoCapitalize: 'none' } }}
        sx={{ maxWidth: { md: 480 } }}
      />

      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ mb: 1, typography: 'textMd', fontWeight: 600, color: 'text.primary' }}>
          {t('create.mode')}
        </FormLabel>
        <RadioGroup
          value={values.mode}
          onChange={(event) => set('mode', event.target.value as ListingMode)}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        >
          {LISTING_MODES.map((mode) => (
            <Paper
              key={mode}
              variant="outlined"
              component="label"
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 0.5,
                p: 1.5,
                minWidth: 0,
                cursor: 'pointer',
                borderColor: values.mode === mode ? 'primary.main' : 'divider',
                borderWidth: values.mode === mode ? 2 : 1,
              }}
            >
              <Radio
                value={mode}
                size="small"
                sx={{ mt: -0.5 }}
                // Named by the mode alone, described by its hint (the card's label would read the hint twice).
                slotProps={{
                  input: { 'aria-labelledby': `mode-name-${mode}`, 'aria-describedby': `mode-hint-${mode}` },
                }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography id={`mode-name-${mode}`} sx={{ fontWeight: 700, typography: 'textLg' }}>
                  {t(`mode.${mode}`)}
                </Typography>
                <Typography
                  id={`mode-hint-${mode}`}
                  color="text.secondary"
                  sx={{ typography: 'textSm', lineHeight: 1.6 }}
                >
                  {t(`modeHint.${mode}`)}
                </Typography>
              </Box>
            </Paper>
          ))}
        </RadioGroup>
      </FormControl>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {values.mode === 'fixed'
          ? money('price', t('create.price'), netHint(values.price, t('create.minPrice')))
          : null}
        {values.mode === 'auction' ? (
          <>
            {money('startPrice', t('create.startPrice'), t('create.minPrice'))}
            {money('reservePrice', t('create.reservePrice'), t('create.reserveHint'))}
            <TextField
              select
              label={t('create.duration')}
              value={values.durationDays}
              onChange={(event) => set('durationDays', Number(event.target.value))}
              error={Boolean(errors.durationDays)}
              helperText={errors.durationDays ?? ' '}
            >
              {DURATIONS.map((days) => (
                <MenuItem key={days} value={days}>
                  {t('create.days', { count: days })}
                </MenuItem>
              ))}
            </TextField>
          </>
        ) : null}
        {values.mode === 'offer' ? (
          <>
            {money('floor', t('create.floor'), t('create.floorHint'))}
            {money('buyNow', t('create.buyNow'), t('create.buyNowHint'))}
          </>
        ) : null}
        <TextField
          select
          label={t('create.endOption')}
          value={values.endOption}
          onChange={(event) => set('endOption', event.target.value as ListingEndOption)}
          helperText={errors.endOption ?? ' '}
          error={Boolean(errors.endOption)}
        >
          {LISTING_END_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`endOption.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Autocomplete
        multiple
        options={INDUSTRY_KEYS as readonly string[]}
        value={values.industries}
        onChange={(_event, next) => set('industries', next.slice(0, LISTING_RULES.maxIndustries))}
        getOptionLabel={industryName}
        getOptionDisabled={(option) =>
          values.industries.length >= LISTING_RULES.maxIndustries && !values.industries.includes(option)
        }
        renderValue={(selected, getItemProps) =>
          selected.map((option, index) => {
            const { key, ...props } = getItemProps({ index });
            return <Chip key={key} size="small" label={industryName(option)} {...props} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('create.industries')}
            error={Boolean(errors.industries)}
            helperText={errors.industries ?? t('create.industriesHint', { max: LISTING_RULES.maxIndustries })}
          />
        )}
      />
      <TextField
        label={t('create.keywords')}
        value={values.keywords}
        onChange={(event) => set('keywords', event.target.value)}
        error={Boolean(errors.keywords)}
        helperText={errors.keywords ?? t('create.keywordsHint', { max: LISTING_RULES.maxKeywords })}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          label={t('create.descriptionZh')}
          value={values.descriptionZh}
          onChange={(event) => set('descriptionZh', event.target.value)}
          error={Boolean(errors.descriptionZh)}
          helperText={errors.descriptionZh ?? ' '}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: LISTING_RULES.descriptionMaxLength, lang: 'zh-CN' } }}
        />
        <TextField
          label={t('create.descriptionEn')}
          value={values.descriptionEn}
          onChange={(event) => set('descriptionEn', event.target.value)}
          error={Boolean(errors.descriptionEn)}
          helperText={errors.descriptionEn ?? ' '}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: LISTING_RULES.descriptionMaxLength, lang: 'en' } }}
        />
      </Box>

      {proofFor ? (
        <Alert severity="warning" role="alert">
          {t('create.needsProof')}
        </Alert>
      ) : null}
      <MutationError error={error} />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? <LoadingSpinner decorative size={16} color="inherit" sx={{ mr: 1 }} /> : null}
          {t('create.submit')}
        </Button>
      </Box>
      {proofFor ? <OwnershipProof domain={proofFor} onVerified={() => void submit()} /> : null}
    </Box>
  );
}
