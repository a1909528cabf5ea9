import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A listing's logo (the SVG or image the server serves at `url`), in a square of `size` px so the page does not
 * move while it loads; without a logo (or when it fails to load), the domain's first letter on a tinted square
 * (decorative).
 */
export function MarketLogo({
  domain,
  url,
  size,
  eager = false,
}: {
  domain: string;
  url: string | null;
  size: number;
  eager?: boolean;
}) {
  const { t } = useTranslation('market');
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // A server-rendered image may fail before the page hydrates (its error event is then missed): check on mount.
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && url) setFailedUrl(url);
    },
    [url],
  );
  const frame = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 2,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    overflow: 'hidden',
  } as const;
  if (!url || failedUrl === url) {
    return (
      <Box
        aria-hidden
        data-testid="market-logo-fallback"
        sx={{
          ...frame,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          fontWeight: 800,
          fontSize: size * 0.42,
          textTransform: 'uppercase',
        }}
      >
        {domain.charAt(0)}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      ref={checkLoaded}
      src={url}
      onError={() => setFailedUrl(url)}
      alt={t('card.logoAlt', { domain })}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={{ ...frame, objectFit: 'contain', display: 'block' }}
    />
  );
}
