import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/index.ts';
import { CardHead, CardList, ListCard, ListTable } from './card-list.tsx';

describe('list layouts', () => {
  it('names the desktop table and gives it its header cells and rows', () => {
    renderWithProviders(
      <ListTable label="Lots" minWidth={600} head={<TableCell>Domain</TableCell>} data-testid="lots-table">
        <TableBody>
          <TableRow>
            <TableCell>example.com</TableCell>
          </TableRow>
        </TableBody>
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Lots' });
    expect(table.getAttribute('data-testid')).toBe('lots-table');
    expect(within(table).getByRole('columnheader', { name: 'Domain' })).toBeDefined();
    expect(within(table).getByRole('cell', { name: 'example.com' })).toBeDefined();
  });

  it('lists one card per row, keeping each card’s data attributes', () => {
    renderWithProviders(
      <CardList data-testid="cards">
        {['a.com', 'b.com'].map((domain) => (
          <ListCard key={domain} data-testid="card" data-domain={domain} selected={domain === 'a.com'}>
            <CardHead end={<span>Open</span>}>{domain}</CardHead>
          </ListCard>
        ))}
      </CardList>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-domain'))).toEqual(['a.com', 'b.com']);
    expect(within(items[0] as HTMLElement).getByText('Open')).toBeDefined();
  });
});
