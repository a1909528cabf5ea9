import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { fieldMessage, LISTING_RULES, type Listing } from '@namebourse/contract';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { applyServerFieldErrors, fieldText } from '../../../lib/form-errors.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUpdateListing } from '../api/update-listing.ts';
import { isApprovedListing, isEditable } from '../lib/edit-rules.ts';
import { INDUSTRY_CHOICES, industryName } from '../lib/presentation-industries.ts';
import { PresentationKeywords } from './presentation-keywords.tsx';

export interface PresentationValues {
  industries: string[];
  keywords: string[];
  descriptionZh: string;
  descriptionEn: string;
}
const FIELDS = ['industries', 'keywords', 'descriptionZh', 'descriptionEn'] as const;

/** What the seller edits: the pending version when one waits for review, else the approved one. */
function valuesOf(listing: Listing): PresentationValues {
  const pending = listing.status === 'modification_review' ? listing.pendingChanges : null;
  return {
    industries: [...(pending?.industries ?? listing.industries)],
    keywords: [...(pending?.keywords ?? listing.keywords)],
    descriptionZh: pending?.descriptionZh ?? listing.descriptionZh,
    descriptionEn: pending?.descriptionEn ?? listing.descriptionEn,
  };
}

/**
 * Presentation: up to 5 industries, up to 10 keywords, descriptions in Chinese and English. On an approved
 * listing a change goes to review while the approved version stays on sale.
 */
export function PresentationSection({ listing }: { listing: Listing }) {
  const { t } = useTranslation('listing-edit');
  const locale = useLocale();
  const update = useUpdateListing();
  const industriesLabel = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<'review' | 'saved' | null>(null);
  const { control, handleSubmit, setError, setFocus, reset, formState, clearErrors } = useForm<PresentationValues>({
    defaultValues: valuesOf(listing),
  });
  const [industries = [], descriptionZh = '', descriptionEn = ''] = useWatch({
    control,
    name: ['industries', 'descriptionZh', 'descriptionEn'],
  });
  const editable = isEditable(listing.status);
  const approved = isApprovedListing(listing.status);
  const err = (name: (typeof FIELDS)[number]) => fieldText(formState.errors[name]?.message, locale);
  const max = LISTING_RULES.descriptionMaxLength;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(null);
    clearErrors();
    const tooLong = (['descriptionZh', 'descriptionEn'] as const).filter((name) => values[name].trim().length > max);
    for (const name of tooLong) setError(name, { type: 'client', message: fieldMessage('tooLong', locale, { max }) });
    if (tooLong[0]) {
      setFocus(tooLong[0]);
      return;
    }
    try {
      const next = await update.mutateAsync({
        listingId: listing.listingId,
        body: {
          industries: values.industries as never,
          keywords: values.keywords,
          descriptionZh: values.descriptionZh.trim(),
          descriptionEn: values.descriptionEn.trim(),
        },
      });
      reset(valuesOf(next));
      setSaved(next.status === 'modification_review' ? 'review' : 'saved');
    } catch (error) {
      const { first, other } = applyServerFieldErrors<PresentationValues>(error, FIELDS, setError);
      if (first && first !== 'industries' && first !== 'keywords') setFocus(first);
      if (!first || other.length > 0) setFailure(error);
    }
  });

  return (
    <SectionCard id="presentation" title={t('presentation.title')} description={t('presentation.description')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
        <Box role="group" aria-labelledby={industriesLabel}>
          <Typography id={industriesLabel} sx={{ fontWeight: 600, mb: 1 }}>
            {t('presentation.industries')}{' '}
            <Typography component="span" color="text.secondary" sx={{ typography: 'textSm' }}>
              ({industries.length}/{LISTING_RULES.maxIndustries})
            </Typography>
          </Typography>
          <Controller
            control={control}
            name="industries"
            render={({ field }) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {INDUSTRY_CHOICES.map((key) => {
                  const selected = field.value.includes(key);
                  const full = !selected && field.value.length >= LISTING_RULES.maxIndustries;
                  return (
                    <Chip
                      key={key}
                      label={industryName(key, locale)}
                      color={selected ? 'primary' : 'default'}
                      variant={selected ? 'filled' : 'outlined'}
                      disabled={!editable || full}
                      aria-pressed={selected}
                      onClick={() => {
                        setSaved(null);
                        field.onChange(selected ? field.value.filter((v) => v !== key) : [...field.value, key]);
                      }}
                    />
                  );
                })}
              </Box>
            )}
          />
          <FormHelperText error={Boolean(err('industries'))}>
            {err('industries') ?? t('presentation.industriesHint', { max: LISTING_RULES.maxIndustries })}
          </FormHelperText>
        </Box>

        <Controller
          control={control}
          name="keywords"
          render={({ field }) => (
            <PresentationKeywords
              value={field.value}
              onChange={(next) => {
                setSaved(null);
                field.onChange(next);
              }}
              disabled={!editable}
              error={err('keywords')}
            />
          )}
        />

        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="descriptionZh"
            label={t('presentation.descriptionZh')}
            multiline
            minRows={4}
            disabled={!editable}
            errorText={err('descriptionZh')}
            counter={{ count: descriptionZh.length, max, testId: 'description-zh-counter' }}
            slotProps={{ htmlInput: { maxLength: max, lang: 'zh-CN' } }}
          />
          <FormTextField
            control={control}
            name="descriptionEn"
            label={t('presentation.descriptionEn')}
            multiline
            minRows={4}
            disabled={!editable}
            errorText={err('descriptionEn')}
            counter={{ count: descriptionEn.length, max, testId: 'description-en-counter' }}
            slotProps={{ htmlInput: { maxLength: max, lang: 'en' } }}
          />
        </Box>
        <Typography color="text.secondary" sx={{ typography: 'textSm', mt: -1.5 }}>
          {t('presentation.oneMayBeEmpty')}
        </Typography>

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ typography: 'textSm', mr: 'auto', maxWidth: 560 }}>
            {editable ? (approved ? t('presentation.reviewHint') : t('presentation.saveHint')) : null}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            disabled={!editable || update.isPending}
            sx={{ minWidth: { xs: '100%', sm: 160 } }}
          >
            {update.isPending ? t('actions.saving') : t('presentation.save')}
          </Button>
        </Box>
        {saved ? (
          <Alert severity={saved === 'review' ? 'info' : 'success'} role="status" data-testid="presentation-saved">
            {saved === 'review' ? t('presentation.sentToReview') : t('presentation.saved')}
          </Alert>
        ) : null}
        <MutationError error={failure} />
      </Box>
    </SectionCard>
  );
}
