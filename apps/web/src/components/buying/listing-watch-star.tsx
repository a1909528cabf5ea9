import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useToggleListingWatch } from './api/watch-listing.ts';
import { useBuyerSignIn } from './use-sign-in.ts';

/** The watch star of a listing: visitors are sent to sign in; signed in, it flips at once (rolled back if refused). */
export function ListingWatchStar({
  listingId,
  domain,
  isWatched,
}: {
  listingId: string;
  domain: string;
  isWatched: boolean;
}) {
  const { t } = useTranslation('buying');
  const { isLogin, signIn } = useBuyerSignIn();
  const toggle = useToggleListingWatch();
  const label = isWatched ? t('watch.remove') : t('watch.add');
  return (
    // No tooltip: its popper would weigh on the public page's first load; the name says it all.
    <IconButton
      aria-label={label}
      title={isLogin ? label : t('watch.signIn')}
      aria-pressed={isWatched}
      data-testid="listing-watch"
      onClick={() => {
        if (!isLogin) return signIn();
        toggle.mutate({ listingId, domain, watch: !isWatched });
      }}
      sx={{ color: isWatched ? 'warning.main' : 'text.secondary' }}
    >
      {isWatched ? <StarRounded /> : <StarBorderRounded />}
    </IconButton>
  );
}
