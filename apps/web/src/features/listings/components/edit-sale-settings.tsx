import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  fieldMessage,
  LISTING_END_OPTIONS,
  LISTING_RULES,
  type Listing,
  type ListingEndOption,
  type ListingUpdate,
  listingExpiresAt,
} from '@namebourse/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { centsToDollarInput, useServerNow } from '../../../components/auction/index.ts';
import { MutationError } from '../../../components/mutation-error.tsx';
import { NoteLine } from '../../../components/note-line.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { applyServerFieldErrors, fieldText } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateListing } from '../api/update-listing.ts';
import { canEditAuctionTerms, isApprovedListing, isEditable, priceFieldCents } from '../lib/edit-rules.ts';

interface SaleValues {
  priceCents: string;
  floorCents: string;
  startPriceCents: string;
  reservePriceCents: string;
  durationDays: string;
  endOption: ListingEndOption;
}
const FIELDS = [
  'priceCents',
  'floorCents',
  'startPriceCents',
  'reservePriceCents',
  'durationDays',
  'endOption',
] as const;
type PriceField = Exclude<(typeof FIELDS)[number], 'durationDays' | 'endOption'>;

const input = (cents: number | null) => (cents === null ? '' : centsToDollarInput(cents));

function valuesOf(listing: Listing): SaleValues {
  return {
    priceCents: input(listing.priceCents),
    floorCents: input(listing.floorCents),
    startPriceCents: input(listing.startPriceCents),
    reservePriceCents: input(listing.reservePriceCents),
    durationDays: String(listing.durationDays ?? LISTING_RULES.auctionMinDays),
    endOption: listing.endOption,
  };
}

const DAYS = Array.from(
  { length: LISTING_RULES.auctionMaxDays - LISTING_RULES.auctionMinDays + 1 },
  (_, i) => LISTING_RULES.auctionMinDays + i,
);

/** Sale settings: the mode (fixed at creation), its prices in USD, an auction's terms, and how long it stays up. */
export function EditSaleSettings({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation(['listing-edit', 'listings']);
  const locale = useLocale();
  const update = useUpdateListing();
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<'now' | 'review' | 'saved' | null>(null);
  const defaults = useMemo(() => valuesOf(listing), [listing]);
  const { control, handleSubmit, setError, setFocus, reset, clearErrors, formState } = useForm<SaleValues>({
    defaultValues: defaults,
  });
  const endOption = useWatch({ control, name: 'endOption' });
  const now = useServerNow(false);
  const editable = isEditable(listing.status);
  const auctionTerms = canEditAuctionTerms(listing);
  const approved = isApprovedListing(listing.status);

  const expiry =
    endOption === listing.endOption
      ? listing.expiresAt
        ? new Date(listing.expiresAt)
        : endOption === 'long_term'
          ? null
          : listingExpiresAt(new Date(now), endOption)
      : listingExpiresAt(new Date(now), endOption);

  const err = (name: (typeof FIELDS)[number]) => fieldText(formState.errors[name]?.message, locale);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(null);
    clearErrors();
    const body: ListingUpdate = { endOption: values.endOption };
    const problems: [PriceField, string][] = [];
    const price = (name: PriceField, required: boolean) => {
      const { cents, problem } = priceFieldCents(values[name], required);
      if (problem) problems.push([name, fieldMessage(problem, locale)]);
      return cents;
    };
    if (listing.mode === 'fixed') {
      const cents = price('priceCents', true);
      if (cents !== null) body.priceCents = cents;
    } else if (listing.mode === 'offer') {
      const floor = price('floorCents', false);
      const buyNow = price('priceCents', false);
      body.floorCents = floor;
      body.priceCents = buyNow;
      if (floor !== null && buyNow !== null && buyNow < floor && !problems.length)
        problems.push(['priceCents', fieldMessage('rangeInvalid', locale)]);
    } else if (auctionTerms) {
      const start = price('startPriceCents', true);
      const reserve = price('reservePriceCents', false);
      if (start !== null) body.startPriceCents = start;
      body.reservePriceCents = reserve;
      body.durationDays = Number(values.durationDays);
      if (start !== null && reserve !== null && reserve < start && !problems.length)
        problems.push(['reservePriceCents', fieldMessage('rangeInvalid', locale)]);
    }
    if (problems.length) {
      for (const [name, message] of problems) setError(name, { type: 'client', message });
      setFocus(problems[0]?.[0] as PriceField);
      return;
    }
    try {
      const next = await update.mutateAsync({ listingId: listing.listingId, body });
      reset(valuesOf(next));
      setSaved(isApprovedListing(next.status) ? 'now' : next.status === 'pending_review' ? 'review' : 'saved');
    } catch (error) {
      const { first, other } = applyServerFieldErrors<SaleValues>(error, FIELDS, setError);
      if (first) setFocus(first);
      if (!first || other.length > 0) setFailure(error);
    }
  });

  const priceField = (name: PriceField, label: string, hint: string, disabled = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field } }) => (
        <TextField
          {...field}
          inputRef={ref}
          label={label}
          disabled={disabled || !editable}
          error={Boolean(err(name))}
          helperText={err(name) ?? hint}
          onChange={(event) => {
            setSaved(null);
            field.onChange(event);
          }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          }}
        />
      )}
    />
  );

  const minHint = t('sale.minHint');
  return (
    <SectionCard id="sale" title={t('sale.title')} description={t('sale.description')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography sx={{ typography: 'textSm', color: 'text.secondary' }}>{t('sale.mode')}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="edit-mode">
            {t(`listings:mode.${listing.mode}`)}
          </Typography>
          <NoteLine maxWidth={720}>{t(`listings:modeHint.${listing.mode}`)}</NoteLine>
          <NoteLine maxWidth={720}>{t('sale.modeFixed')}</NoteLine>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          {listing.mode === 'fixed' ? priceField('priceCents', t('sale.price'), minHint) : null}
          {listing.mode === 'offer' ? (
            <>
              {priceField('floorCents', t('sale.floor'), t('sale.floorHint'))}
              {priceField('priceCents', t('sale.buyNow'), t('sale.buyNowHint'))}
            </>
          ) : null}
          {listing.mode === 'auction' ? (
            <>
              {priceField('startPriceCents', t('sale.startPrice'), minHint, !auctionTerms)}
              {priceField('reservePriceCents', t('sale.reserve'), t('sale.reserveHint'), !auctionTerms)}
              <Controller
                control={control}
                name="durationDays"
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    select
                    label={t('sale.duration')}
                    disabled={!auctionTerms || !editable}
                    error={Boolean(err('durationDays'))}
                    helperText={err('durationDays')}
                  >
                    {DAYS.map((days) => (
                      <MenuItem key={days} value={String(days)}>
                        {t('sale.days', { count: days })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </>
          ) : null}
          <Controller
            control={control}
            name="endOption"
            render={({ field: { ref, ...field } }) => (
              <TextField
                {...field}
                inputRef={ref}
                select
                label={t('sale.endOption')}
                disabled={!editable}
                error={Boolean(err('endOption'))}
                helperText={
                  err('endOption') ??
                  (expiry ? t('sale.expiresOn', { date: formatDate(expiry, i18n.language) }) : t('sale.neverExpires'))
                }
                slotProps={{ formHelperText: { 'data-testid': 'edit-expiry' } as object }}
              >
                {LISTING_END_OPTIONS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`listings:endOption.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        {listing.mode === 'auction' && !auctionTerms ? <Alert severity="info">{t('sale.auctionLocked')}</Alert> : null}
        {!editable ? <Alert severity="info">{t('sale.notEditable')}</Alert> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ typography: 'textSm', mr: 'auto', maxWidth: 560 }}>
            {editable ? (approved ? t('sale.atOnceHint') : t('sale.reviewHint')) : null}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            disabled={!editable || update.isPending}
            sx={{ minWidth: { xs: '100%', sm: 160 } }}
          >
            {update.isPending ? t('actions.saving') : t('sale.save')}
          </Button>
        </Box>
        {saved ? (
          <Alert severity="success" role="status" data-testid="sale-saved">
            {saved === 'now' ? t('sale.savedNow') : saved === 'review' ? t('sale.savedReview') : t('sale.saved')}
          </Alert>
        ) : null}
        <MutationError error={failure} />
      </Box>
    </SectionCard>
  );
}
