import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type Listing, LOGO_FONTS, LOGO_ICONS, type LogoIcon } from '@namebourse/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { generateLogo, useGenerateLogo } from '../api/generate-logo.ts';
import { type LogoOptions, logoBodyOf, svgDataUrl } from '../lib/logo-options.ts';
import { LOGO_ICON_GLYPHS } from './logo-icon-glyphs.tsx';

/** How long the designer waits after the last change before asking for a preview (ms). */
export const LOGO_PREVIEW_DEBOUNCE_MS = 400;

/** The SVG preview of the current options, asked for a moment after the last change (nothing stored). */
function useLogoPreview(listingId: string, options: LogoOptions) {
  const [state, setState] = useState<{ svg: string | null; error: unknown; loading: boolean }>({
    svg: null,
    error: null,
    loading: true,
  });
  const body = JSON.stringify(logoBodyOf(options, true));
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      generateLogo({ listingId, body: JSON.parse(body) }, controller.signal).then(
        (result) => setState({ svg: result.svg, error: null, loading: false }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ svg: null, error, loading: false });
        },
      );
    }, LOGO_PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [listingId, body]);
  return state;
}

/** Colours, font, icon and text of a text / icon-and-text / badge logo, its live preview and "Use this logo". */
export function LogoDesigner({
  listing,
  options,
  onChange,
  onUsed,
}: {
  listing: Listing;
  options: LogoOptions;
  onChange: (next: LogoOptions) => void;
  onUsed: (status: Listing['status']) => void;
}) {
  const { t } = useTranslation('listing-edit');
  const iconsLabel = useId();
  const preview = useLogoPreview(listing.listingId, options);
  const use = useGenerateLogo();
  const set = (patch: Partial<LogoOptions>) => {
    use.reset();
    onChange({ ...options, ...patch });
  };
  const withIcon = options.style === 'icon_text' || options.style === 'badge';

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' } }}>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          <TextField
            type="color"
            label={t('logo.foreground')}
            value={options.foreground}
            onChange={(event) => set({ foreground: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="color"
            label={t('logo.background')}
            value={options.background}
            onChange={(event) => set({ background: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={t('logo.font')}
            value={options.font}
            onChange={(event) => set({ font: event.target.value as LogoOptions['font'] })}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          >
            {LOGO_FONTS.map((font) => (
              <MenuItem key={font} value={font}>
                {t(`logo.fonts.${font}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          label={t('logo.text')}
          value={options.text}
          placeholder={listing.domain}
          helperText={t('logo.textHint')}
          onChange={(event) => set({ text: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        {withIcon ? (
          <Box>
            <Typography id={iconsLabel} sx={{ fontWeight: 600, mb: 1 }}>
              {t('logo.icon')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={options.icon}
              onChange={(_event, icon: LogoIcon | null) => {
                if (icon) set({ icon });
              }}
              aria-labelledby={iconsLabel}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(6, 48px)',
                gap: 0.75,
                '& .MuiToggleButtonGroup-grouped': {
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '8px !important',
                  m: 0,
                },
              }}
            >
              {LOGO_ICONS.map((icon) => {
                const Glyph = LOGO_ICON_GLYPHS[icon];
                return (
                  <ToggleButton
                    key={icon}
                    value={icon}
                    aria-label={t(`logo.icons.${icon}`)}
                    sx={{ width: 48, height: 48 }}
                  >
                    <Glyph aria-hidden />
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('logo.preview')}</Typography>
        <Box
          sx={{
            height: 160,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'grey.50',
            overflow: 'hidden',
          }}
          aria-busy={preview.loading}
          data-testid="logo-preview"
        >
          {preview.svg ? (
            <Box
              component="img"
              src={svgDataUrl(preview.svg)}
              alt={t('logo.previewAlt', { domain: listing.domain })}
              sx={{ maxWidth: '100%', maxHeight: '100%', opacity: preview.loading ? 0.5 : 1 }}
            />
          ) : preview.loading ? (
            <LoadingSpinner size={28} label={t('logo.previewing')} />
          ) : null}
        </Box>
        {preview.error ? <MutationError error={preview.error} /> : null}
        <Button
          variant="contained"
          disabled={!preview.svg || preview.loading || use.isPending}
          onClick={() =>
            use.mutate(
              { listingId: listing.listingId, body: logoBodyOf(options, false) },
              { onSuccess: (result) => onUsed(result.status) },
            )
          }
        >
          {use.isPending ? t('actions.saving') : t('logo.use')}
        </Button>
        <MutationError error={use.error} />
      </Box>
    </Box>
  );
}

/** The note after a logo was used: on an approved listing it waits for review. */
export function LogoUsedNote({ status }: { status: Listing['status'] }) {
  const { t } = useTranslation('listing-edit');
  return (
    <Alert severity={status === 'modification_review' ? 'info' : 'success'} role="status" data-testid="logo-used">
      {status === 'modification_review' ? t('logo.usedReview') : t('logo.used')}
    </Alert>
  );
}
