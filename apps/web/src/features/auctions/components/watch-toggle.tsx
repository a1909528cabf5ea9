import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useToggleWatch } from '../api/watchlist.ts';
import { useSignIn } from './use-sign-in.ts';

/** The watch star: visitors are sent to sign in; signed in, it flips at once and rolls back if the server refuses. */
export function WatchToggle({
  auctionId,
  isWatched,
  size = 'small',
}: {
  auctionId: string;
  isWatched: boolean;
  size?: IconButtonProps['size'];
}) {
  const { t } = useTranslation('auctions');
  const { isLogin, signIn } = useSignIn();
  const toggle = useToggleWatch();
  const label = isWatched ? t('watch.remove') : t('watch.add');
  return (
    <Tooltip title={isLogin ? label : t('watch.signIn')}>
      <IconButton
        size={size}
        aria-label={label}
        aria-pressed={isWatched}
        data-testid="watch-toggle"
        data-watched={isWatched ? 'true' : 'false'}
        onClick={(event) => {
          event.stopPropagation();
          if (!isLogin) return signIn();
          toggle.mutate({ auctionId, watch: !isWatched });
        }}
        sx={{ color: isWatched ? 'warning.main' : 'text.disabled' }}
      >
        {isWatched ? <StarRounded fontSize="inherit" /> : <StarBorderRounded fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
