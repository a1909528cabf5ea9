import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Listing } from '@namebourse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MutationError } from '../../../components/mutation-error.tsx';
import { NoteLine } from '../../../components/note-line.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { showToast } from '../../../lib/feedback-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { useQuickSwitch, useUpdateListing } from '../api/update-listing.ts';
import {
  canRelist,
  canTakeDown,
  EDIT_STATUS_TONE,
  hasQuickSwitch,
  marketLinkOf,
  SELLER_CENTRE_PATH,
} from '../lib/edit-rules.ts';

type StatusAction = 'take_down' | 'relist';

/** Statuses whose operator reason the seller must read (rejected, supplement asked, a modification rejected). */
function reasonTitleKey(listing: Listing): string | null {
  if (!listing.reviewReason) return null;
  if (listing.status === 'review_failed') return 'header.reason.review_failed';
  if (listing.status === 'supplement_required') return 'header.reason.supplement_required';
  if (listing.status === 'on_sale') return 'header.reason.modification_rejected';
  return null;
}

/**
 * The top of the edit page: the domain, its status (with the operator's reason), mode and source, the quick
 * listing switch, taking off the shelf / listing again (confirmed) and where buyers see it.
 */
export function EditHeader({ listing }: { listing: Listing }) {
  const { t, i18n } = useTranslation(['listing-edit', 'listings']);
  const quick = useQuickSwitch();
  const update = useUpdateListing();
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const market = marketLinkOf(listing);
  const reasonKey = reasonTitleKey(listing);
  const ownershipPause = listing.quickStatus === 'paused' && listing.pausedReason === 'ownership';

  const confirmAction = async () => {
    if (!asking) return;
    try {
      await update.mutateAsync({ listingId: listing.listingId, body: { action: asking } });
      showToast(t(asking === 'take_down' ? 'header.takenDown' : 'header.relisted'), 'success');
      setAsking(null);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Box sx={{ mb: { xs: 2, md: 2.5 } }}>
      <Link
        component={RouterLink}
        to={SELLER_CENTRE_PATH}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'textSm', fontWeight: 600, mb: 1 }}
      >
        <ArrowBackRounded sx={{ fontSize: 16 }} aria-hidden />
        {t('header.back')}
      </Link>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'flex-start', md: 'center' },
          gap: 1.5,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ typography: { xs: 'text5xl', md: 'text7xl' }, overflowWrap: 'anywhere' }}
            data-testid="edit-domain"
          >
            {listing.domain}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
            <StatusChip
              label={t(`listings:status.${listing.status}`)}
              tone={EDIT_STATUS_TONE[listing.status]}
              status={listing.status}
              testId="edit-status"
            />
            <StatusChip label={t(`listings:mode.${listing.mode}`)} tone="default" />
            <StatusChip label={t(`listings:source.${listing.source}`)} tone="default" testId="edit-source" />
            {listing.expiresAt ? (
              <Typography color="text.secondary" sx={{ typography: 'textSm' }}>
                {t('header.expires', { date: formatDate(listing.expiresAt, i18n.language) })}
              </Typography>
            ) : null}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {market ? (
            <Button
              component={RouterLink}
              to={market}
              target="_blank"
              rel="noopener"
              variant="outlined"
              endIcon={<OpenInNewRounded />}
            >
              {t('header.viewOnMarket')}
            </Button>
          ) : null}
          {canTakeDown(listing) ? (
            <Button variant="outlined" color="error" onClick={() => setAsking('take_down')}>
              {t('header.takeDown')}
            </Button>
          ) : null}
          {canRelist(listing.status) ? (
            <Button variant="contained" onClick={() => setAsking('relist')}>
              {t('header.relist')}
            </Button>
          ) : null}
        </Box>
      </Box>

      {reasonKey ? (
        <Alert severity={listing.status === 'on_sale' ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="edit-reason">
          <AlertTitle>{t(reasonKey)}</AlertTitle>
          <Typography sx={{ typography: 'textMd', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {listing.reviewReason}
          </Typography>
          {listing.status !== 'on_sale' ? (
            <Typography sx={{ typography: 'textSm', mt: 0.5 }}>{t('header.reason.fixHint')}</Typography>
          ) : null}
        </Alert>
      ) : null}

      {hasQuickSwitch(listing) ? (
        <Paper variant="outlined" sx={{ mt: 2, p: { xs: 1.5, md: 2 } }} data-testid="edit-quick">
          <FormControlLabel
            control={
              <Switch
                checked={listing.quickStatus === 'listed'}
                disabled={ownershipPause || quick.isPending}
                onChange={(event) => {
                  quick.mutate(
                    { listingId: listing.listingId, listed: event.target.checked },
                    {
                      onSuccess: (next) =>
                        showToast(t(next.quickStatus === 'listed' ? 'quick.nowListed' : 'quick.nowPaused'), 'success'),
                    },
                  );
                }}
              />
            }
            label={
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {t('quick.label')}
                {': '}
                {t(`listings:quick.${listing.quickStatus}`)}
              </Typography>
            }
          />
          <NoteLine maxWidth={720}>
            {ownershipPause
              ? t('quick.ownershipHint')
              : listing.quickStatus === 'paused'
                ? t('listings:pauseReason.seller')
                : t('quick.hint')}
          </NoteLine>
          {ownershipPause ? (
            <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="edit-ownership-paused">
              {t('listings:pauseReason.ownership')}
            </Alert>
          ) : null}
          <MutationError error={quick.error} />
        </Paper>
      ) : null}

      <ConfirmDialog
        open={asking !== null}
        title={asking === 'relist' ? t('header.relistTitle') : t('header.takeDownTitle', { domain: listing.domain })}
        confirmLabel={asking === 'relist' ? t('header.relist') : t('header.takeDown')}
        cancelLabel={t('actions.cancel')}
        danger={asking === 'take_down'}
        pending={update.isPending}
        error={asking ? update.error : null}
        onConfirm={() => void confirmAction()}
        onClose={() => {
          setAsking(null);
          update.reset();
        }}
      >
        <Typography sx={{ typography: 'textMd' }}>
          {asking === 'relist' ? t('header.relistBody') : t('header.takeDownBody')}
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
