import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/** The phone layout of a list: one outlined card per row, stacked. */
export function CardList({ children, ...data }: { children: ReactNode } & DataAttributes) {
  return (
    <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }} {...data}>
      {children}
    </Box>
  );
}

/** One row of a CardList; `selected` (when the row can be picked) outlines it in the primary colour. */
export function ListCard({
  children,
  selected,
  ...data
}: { children: ReactNode; selected?: boolean } & DataAttributes) {
  return (
    <Paper
      component="li"
      variant="outlined"
      {...data}
      sx={{
        listStyle: 'none',
        p: 2,
        ...(selected === undefined ? {} : { borderColor: selected ? 'primary.main' : 'divider' }),
      }}
    >
      {children}
    </Paper>
  );
}

/** The top line of a card: what the row is (taking the room left), with an optional control before and a status after. */
export function CardHead({ start, end, children }: { start?: ReactNode; end?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      {start}
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      {end}
    </Box>
  );
}

/**
 * The desktop layout of a list: an outlined, sideways-scrolling small table named `label`, with
 * `head` as its header cells (secondary, semi-bold; `headPadding` adds room above and below them,
 * `headNowrap` keeps each on one line) and the TableBody as children.
 */
export function ListTable({
  label,
  minWidth,
  head,
  headPadding = false,
  headNowrap = false,
  children,
  ...data
}: {
  label: string;
  minWidth: number;
  head: ReactNode;
  headPadding?: boolean;
  headNowrap?: boolean;
  children: ReactNode;
} & DataAttributes) {
  return (
    // A table wider than its room scrolls sideways: the region takes focus so keyboard users can scroll it too.
    // Positioned, so absolutely placed cells' content (visually hidden headers) scrolls with it instead of
    // widening the page.
    <Paper
      variant="outlined"
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        position: 'relative',
        overflowX: 'auto',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" aria-label={label} {...data} sx={{ minWidth }}>
        <TableHead>
          <TableRow
            sx={{
              '& th': {
                color: 'text.secondary',
                fontWeight: 600,
                typography: 'textSm',
                ...(headPadding ? { py: 1.25 } : {}),
                ...(headNowrap ? { whiteSpace: 'nowrap' } : {}),
              },
            }}
          >
            {head}
          </TableRow>
        </TableHead>
        {children}
      </Table>
    </Paper>
  );
}
