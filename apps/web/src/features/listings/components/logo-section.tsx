import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type Listing, LOGO_STYLES, type LogoStyle } from '@namebourse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { canChangeLogo, isApprovedListing } from '../lib/edit-rules.ts';
import { DEFAULT_LOGO_OPTIONS, type LogoOptions } from '../lib/logo-options.ts';
import { LogoAi } from './logo-ai.tsx';
import { LogoDesigner, LogoUsedNote } from './logo-designer.tsx';
import { LogoUpload } from './logo-upload.tsx';

type Source = LogoStyle | 'upload';
const SOURCES: readonly Source[] = [...LOGO_STYLES, 'upload'];

function LogoFrame({ label, url, alt, testId }: { label: string; url: string | null; alt: string; testId: string }) {
  const { t } = useTranslation(['listing-edit', 'listings']);
  return (
    <Box sx={{ display: 'grid', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
      <Typography sx={{ typography: 'textSm', fontWeight: 600 }}>{label}</Typography>
      <Box
        sx={{
          width: { xs: '100%', sm: 240 },
          height: 120,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.50',
          overflow: 'hidden',
        }}
        data-testid={testId}
      >
        {url ? (
          <Box component="img" src={url} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
            {t('logo.none')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The logo: the current one (and one waiting for review), a generated one of four styles, or an upload. */
export function LogoSection({ listing }: { listing: Listing }) {
  const { t } = useTranslation(['listing-edit', 'listings']);
  const stylesLabel = useId();
  const [source, setSource] = useState<Source>(listing.logo?.style ?? 'text');
  const [options, setOptions] = useState<LogoOptions>(() => ({
    ...DEFAULT_LOGO_OPTIONS,
    style: source === 'upload' || source === 'ai' ? 'text' : source,
  }));
  const [used, setUsed] = useState<Listing['status'] | null>(null);
  const pending = listing.pendingChanges?.logo ?? null;
  const editable = canChangeLogo(listing.status);

  const pick = (next: Source) => {
    setUsed(null);
    setSource(next);
    if (next !== 'upload' && next !== 'ai') setOptions((o) => ({ ...o, style: next }));
  };

  return (
    <SectionCard
      id="logo"
      title={t('logo.title')}
      description={isApprovedListing(listing.status) ? t('logo.reviewHint') : t('logo.description')}
    >
      <Box sx={{ display: 'flex', gap: 2.5, flexWrap: 'wrap', mb: 3 }}>
        <LogoFrame
          label={t('logo.current')}
          url={listing.logo?.url ?? null}
          alt={t('logo.currentAlt', { domain: listing.domain })}
          testId="logo-current"
        />
        {pending ? (
          <LogoFrame
            label={t('logo.pending')}
            url={pending.url}
            alt={t('logo.pendingAlt', { domain: listing.domain })}
            testId="logo-pending"
          />
        ) : null}
      </Box>
      {editable ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Box>
            <Typography id={stylesLabel} sx={{ fontWeight: 600, mb: 1 }}>
              {t('logo.style')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              color="primary"
              value={source}
              onChange={(_event, next: Source | null) => {
                if (next) pick(next);
              }}
              aria-labelledby={stylesLabel}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                '& .MuiToggleButtonGroup-grouped': {
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '8px !important',
                  m: 0,
                },
              }}
            >
              {SOURCES.map((value) => (
                <ToggleButton key={value} value={value} sx={{ px: 2, textTransform: 'none' }}>
                  {value === 'upload' ? t('logo.upload.tab') : t(`listings:logoStyle.${value}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          {source === 'upload' ? (
            <LogoUpload listing={listing} onUsed={setUsed} />
          ) : source === 'ai' ? (
            <LogoAi listing={listing} onUsed={setUsed} />
          ) : (
            <LogoDesigner
              listing={listing}
              options={options}
              onChange={(next) => {
                setUsed(null);
                setOptions(next);
              }}
              onUsed={setUsed}
            />
          )}
          {used ? <LogoUsedNote status={used} /> : null}
        </Box>
      ) : (
        <Alert severity="info" data-testid="logo-locked">
          {t(listing.status === 'off_shelf' || listing.status === 'expired' ? 'logo.lockedRelist' : 'logo.locked')}
        </Alert>
      )}
    </SectionCard>
  );
}
