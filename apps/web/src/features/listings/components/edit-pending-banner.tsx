import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Listing, ListingLogo, PendingChanges } from '@namebourse/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { industryName } from '../lib/presentation-industries.ts';

type Row = { key: string; label: string; approved: ReactNode; pending: ReactNode };

function LogoImage({ logo, alt }: { logo: ListingLogo | null; alt: string }) {
  const { t } = useTranslation('listing-edit');
  if (!logo) return <>{t('pending.none')}</>;
  return (
    <Box
      component="img"
      src={logo.url}
      alt={alt}
      sx={{ width: 120, height: 60, objectFit: 'contain', bgcolor: 'grey.50', borderRadius: 1 }}
    />
  );
}

/**
 * While a modification awaits review: buyers still see the approved version. Each pending change is shown next
 * to the approved value it will replace.
 */
export function EditPendingBanner({ listing }: { listing: Listing }) {
  const { t } = useTranslation('listing-edit');
  const locale = useLocale();
  const pending: PendingChanges = listing.pendingChanges ?? {};
  const list = (values: readonly string[], name?: (v: string) => string) =>
    values.length === 0
      ? t('pending.none')
      : values.map((v) => (name ? name(v) : v)).join(locale === 'zh-CN' ? '、' : ', ');
  const text = (value: string) => (value.trim() ? value : t('pending.none'));

  const rows: Row[] = [];
  if (pending.industries)
    rows.push({
      key: 'industries',
      label: t('presentation.industries'),
      approved: list(listing.industries, (k) => industryName(k, locale)),
      pending: list(pending.industries, (k) => industryName(k, locale)),
    });
  if (pending.keywords)
    rows.push({
      key: 'keywords',
      label: t('presentation.keywords'),
      approved: list(listing.keywords),
      pending: list(pending.keywords),
    });
  if (pending.descriptionZh !== undefined)
    rows.push({
      key: 'descriptionZh',
      label: t('presentation.descriptionZh'),
      approved: text(listing.descriptionZh),
      pending: text(pending.descriptionZh),
    });
  if (pending.descriptionEn !== undefined)
    rows.push({
      key: 'descriptionEn',
      label: t('presentation.descriptionEn'),
      approved: text(listing.descriptionEn),
      pending: text(pending.descriptionEn),
    });
  if (pending.logo)
    rows.push({
      key: 'logo',
      label: t('logo.title'),
      approved: <LogoImage logo={listing.logo} alt={t('logo.currentAlt', { domain: listing.domain })} />,
      pending: <LogoImage logo={pending.logo} alt={t('logo.pendingAlt', { domain: listing.domain })} />,
    });

  return (
    <Alert
      severity="info"
      sx={{ mb: { xs: 2, md: 2.5 }, '& .MuiAlert-message': { width: '100%' } }}
      data-testid="edit-pending"
    >
      <AlertTitle>{t('pending.title')}</AlertTitle>
      {rows.length > 0 ? (
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 1,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '160px minmax(0, 1fr) minmax(0, 1fr)' },
            columnGap: 2,
            rowGap: { xs: 0.5, md: 1 },
          }}
        >
          <Box sx={{ display: { xs: 'none', md: 'contents' } }} aria-hidden>
            <span />
            <Typography sx={{ typography: 'textSm', fontWeight: 700 }}>{t('pending.approved')}</Typography>
            <Typography sx={{ typography: 'textSm', fontWeight: 700 }}>{t('pending.pending')}</Typography>
          </Box>
          {rows.map((row) => (
            <Box key={row.key} sx={{ display: 'contents' }} data-testid={`pending-${row.key}`}>
              <Typography component="dt" sx={{ typography: 'textSm', fontWeight: 700, mt: { xs: 1, md: 0 } }}>
                {row.label}
              </Typography>
              <Box component="dd" sx={{ m: 0, typography: 'textSm', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                <Box component="span" sx={{ display: { md: 'none' }, fontWeight: 600 }}>
                  {t('pending.approved')}:{' '}
                </Box>
                {row.approved}
              </Box>
              <Box component="dd" sx={{ m: 0, typography: 'textSm', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                <Box component="span" sx={{ display: { md: 'none' }, fontWeight: 600 }}>
                  {t('pending.pending')}:{' '}
                </Box>
                {row.pending}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
