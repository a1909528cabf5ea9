import Box from '@mui/material/Box';
import { common } from '@mui/material/colors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BRAND } from '../theme.ts';

/** The "N." mark: a domain name and its dot. The same drawing is public/favicon.svg. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor={BRAND.blue} />
          <stop offset="1" stopColor={BRAND.violet} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M9 22.5V9.5L20 22.5V9.5"
        fill="none"
        stroke={common.white}
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="21.6" r="2.6" fill={BRAND.orange} />
    </svg>
  );
}

interface LogoProps {
  tone?: 'dark' | 'light';
  /** Render as a link to the home page (default) or as plain artwork. */
  link?: boolean;
}

export function Logo({ tone = 'dark', link = true }: LogoProps) {
  const { t } = useTranslation('shell');
  const content = (
    <>
      <LogoMark />
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          typography: 'wordmark',
          fontWeight: 800,
          letterSpacing: '-0.03em',
          lineHeight: 1,
          color: tone === 'dark' ? BRAND.ink : 'common.white',
          whiteSpace: 'nowrap',
        }}
      >
        Name
        <Box component="span" sx={{ color: tone === 'dark' ? BRAND.blue : BRAND.blueOnNavy }}>
          Bourse
        </Box>
      </Box>
    </>
  );
  const sx = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 1,
    textDecoration: 'none',
    borderRadius: 1,
    flexShrink: 0,
    '&:focus-visible': { outline: `2px solid ${BRAND.blue}`, outlineOffset: 4 },
  } as const;
  if (!link) {
    return (
      <Box component="span" role="img" aria-label="NameBourse" sx={sx}>
        {content}
      </Box>
    );
  }
  return (
    <Box component={RouterLink} to="/" aria-label={t('topBar.home')} sx={sx}>
      {content}
    </Box>
  );
}
