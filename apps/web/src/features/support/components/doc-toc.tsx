import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Heading } from '../lib/markdown.ts';
import { ANCHOR_OFFSET, scrollToAnchor } from './markdown-view.tsx';

/** Tracks which section heading is at the top of the viewport. */
function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  useEffect(() => {
    if (ids.length === 0) return;
    const onScroll = () => {
      let current = ids[0];
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top - ANCHOR_OFFSET - 8 <= 0) current = id;
      }
      setActive(current);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [ids]);
  return active;
}

/** "On this page": the document's sections, highlighted while reading. */
export function DocToc({ headings }: { headings: Heading[] }) {
  const { t } = useTranslation('support');
  const key = headings.map((heading) => heading.id).join('\n');
  const ids = useMemo(() => (key ? key.split('\n') : []), [key]);
  const active = useActiveHeading(ids);
  if (headings.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('content.onThisPage')}>
      <Typography
        sx={{ typography: 'textXs', fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase', mb: 1.5 }}
        color="text.disabled"
      >
        {t('content.onThisPage')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 1, borderColor: 'divider' }}>
        {headings.map((heading) => {
          const isActive = heading.id === active;
          return (
            <li key={heading.id}>
              <Link
                href={`#${encodeURIComponent(heading.id)}`}
                underline="none"
                onClick={(event) => {
                  if (scrollToAnchor(heading.id)) {
                    event.preventDefault();
                    window.history.replaceState(window.history.state, '', `#${encodeURIComponent(heading.id)}`);
                  }
                }}
                sx={{
                  display: 'block',
                  py: 0.6,
                  pl: 1.75,
                  ml: '-1px',
                  borderLeft: 2,
                  borderColor: isActive ? 'primary.main' : 'transparent',
                  color: isActive ? 'primary.main' : 'text.secondary',
                  fontWeight: isActive ? 600 : 400,
                  typography: 'textMd',
                  lineHeight: 1.5,
                  '&:hover': { color: 'text.primary' },
                }}
              >
                {heading.text}
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
