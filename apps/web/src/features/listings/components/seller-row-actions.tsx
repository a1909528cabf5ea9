import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Listing } from '@namebourse/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { shelfAction } from '../lib/seller-filter.ts';

export type ShelfAction = 'take_down' | 'relist';

/** Edit (the listing's page) and the shelf action its status allows: take off the shelf, or list again. */
export function SellerRowActions({
  listing,
  onShelf,
  wrap = false,
}: {
  listing: Listing;
  onShelf: (listing: Listing, action: ShelfAction) => void;
  /** On a card the buttons sit side by side (wrapping); in a table row they stack. */
  wrap?: boolean;
}) {
  const { t } = useTranslation('listings');
  const action = shelfAction(listing.status);
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 0.5,
        ...(wrap
          ? { flexWrap: 'wrap', justifyContent: 'flex-start' }
          : { flexDirection: 'column', alignItems: 'flex-end', whiteSpace: 'nowrap' }),
      }}
    >
      <Button
        size="small"
        component={RouterLink}
        to={`/console/seller/${encodeURIComponent(listing.listingId)}`}
        aria-label={t('seller.editOf', { domain: listing.domain })}
      >
        {t('seller.edit')}
      </Button>
      {action ? (
        <Button
          size="small"
          color={action === 'take_down' ? 'inherit' : 'primary'}
          onClick={() => onShelf(listing, action)}
          aria-label={t(`seller.${action}Of`, { domain: listing.domain })}
        >
          {t(`seller.${action}`)}
        </Button>
      ) : null}
    </Box>
  );
}
