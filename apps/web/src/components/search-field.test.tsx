import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillIn, renderWithProviders } from '../lib/testing/index.ts';
import { SearchField } from './search-field.tsx';

describe('SearchField', () => {
  it('searches the trimmed text shortly after typing, at once on Enter, and null from the clear button', async () => {
    const onSearch = vi.fn();
    const { user } = renderWithProviders(
      <SearchField value="" onSearch={onSearch} placeholder="Search" label="Search" clearLabel="Clear" delayMs={400} />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search' });
    await fillIn(user, input, '  alpha ');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('alpha'), { timeout: 3000 });

    onSearch.mockClear();
    await fillIn(user, input, 'beta');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('beta');

    onSearch.mockClear();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSearch).toHaveBeenCalledWith(null);
    expect(input).toHaveProperty('value', '');
  });
});
