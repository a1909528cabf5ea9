import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Children, isValidElement, type MouseEvent, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import { splitHeadingId } from '../lib/markdown-heading.ts';

/** Room left above a heading scrolled into view, below the 68 px top bar. */
export const ANCHOR_OFFSET = 88;

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** Removes a trailing `{#id}` from heading children and returns the id. */
function headingParts(children: ReactNode): { id: string; content: ReactNode } {
  const { id } = splitHeadingId(textOf(children));
  const items = Children.toArray(children);
  const last = items.at(-1);
  if (typeof last === 'string') {
    const stripped = last.replace(/\s*\{#[A-Za-z0-9_-]+\}\s*$/, '');
    return { id, content: [...items.slice(0, -1), stripped] };
  }
  return { id, content: children };
}

/** Scrolls to an element of the page by id and records the hash without a router navigation. */
export function scrollToAnchor(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior, block: 'start' });
  return true;
}

function onAnchorClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  if (!scrollToAnchor(id)) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
}

const headingSx = { scrollMarginTop: ANCHOR_OFFSET, position: 'relative' } as const;

const components: Components = {
  h1: ({ children }) => (
    <Typography variant="h4" component="h2" sx={{ ...headingSx, mt: 5, mb: 2 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => {
    const { id, content } = headingParts(children);
    return (
      <Typography
        id={id}
        variant="h5"
        component="h2"
        sx={{
          ...headingSx,
          mt: { xs: 4.5, md: 5.5 },
          mb: 1.75,
          typography: 'docSection',
          '&:first-child': { mt: 0 },
        }}
      >
        {content}
      </Typography>
    );
  },
  h3: ({ children }) => {
    const { id, content } = headingParts(children);
    return (
      <Typography id={id} variant="h6" component="h3" sx={{ ...headingSx, mt: 3.5, mb: 1, typography: 'text2xl' }}>
        {content}
      </Typography>
    );
  },
  p: ({ children }) => (
    <Typography
      component="p"
      sx={{ mb: 2, lineHeight: 1.85, color: 'text.prose', typography: { xs: 'textLg', md: 'textXl' } }}
    >
      {children}
    </Typography>
  ),
  ul: ({ children }) => (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2.5, '& li::marker': { color: 'primary.main' } }}>
      {children}
    </Box>
  ),
  ol: ({ children, start }) => (
    <Box
      component="ol"
      start={start}
      sx={{ pl: 3, mt: 0, mb: 2.5, '& li::marker': { color: 'primary.main', fontWeight: 700 } }}
    >
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Typography
      component="li"
      sx={{
        mb: 0.9,
        pl: 0.5,
        lineHeight: 1.8,
        color: 'text.prose',
        typography: { xs: 'textLg', md: 'textXl' },
        '& > p': { mb: 0 },
      }}
    >
      {children}
    </Typography>
  ),
  strong: ({ children }) => (
    <Box component="strong" sx={{ fontWeight: 700, color: 'text.primary' }}>
      {children}
    </Box>
  ),
  blockquote: ({ children }) => (
    <Box
      component="blockquote"
      sx={(theme) => ({
        m: 0,
        mb: 2.5,
        px: 2.5,
        py: 1.5,
        borderLeft: `4px solid ${theme.palette.primary.main}`,
        borderRadius: 1,
        bgcolor: alpha(theme.palette.primary.main, 0.05),
        '& p:last-child': { mb: 0 },
      })}
    >
      {children}
    </Box>
  ),
  hr: () => <Divider sx={{ my: 4 }} />,
  code: ({ children }) => (
    <Box
      component="code"
      sx={{
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.9em',
      }}
    >
      {children}
    </Box>
  ),
  // Links in running text are underlined: colour alone would not tell them from the words around them.
  a: ({ href = '', children }) => {
    if (href.startsWith('#')) {
      const id = decodeURIComponent(href.slice(1));
      return (
        <Link href={href} onClick={(event) => onAnchorClick(event, id)} underline="always" sx={{ fontWeight: 600 }}>
          {children}
        </Link>
      );
    }
    if (href.startsWith('/')) {
      return (
        <Link component={RouterLink} to={href} underline="always" sx={{ fontWeight: 600 }}>
          {children}
        </Link>
      );
    }
    const external = /^https?:/i.test(href);
    return (
      <Link
        href={href}
        underline="always"
        sx={{ fontWeight: 600, wordBreak: 'break-word' }}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </Link>
    );
  },
  img: ({ src, alt }) => (
    <Box component="img" src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} sx={{ maxWidth: '100%' }} />
  ),
};

/** Renders help-centre Markdown with the app's typography; `## Title {#id}` headings get that id. */
export function MarkdownView({ children }: { children: string }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere', '& > :last-child': { mb: 0 } }}>
      <Markdown components={components}>{children}</Markdown>
    </Box>
  );
}
