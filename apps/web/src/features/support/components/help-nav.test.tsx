import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/index.ts';
import { HELP_NAV, HelpNav } from './help-nav.tsx';

describe('<HelpNav>', () => {
  it('groups its links in lists of list items, marking the page shown', async () => {
    renderWithProviders(<HelpNav />, { path: '/help-center/docs/intro' });
    const nav = await screen.findByRole('navigation', { name: 'Help centre navigation' });
    const lists = within(nav).getAllByRole('list');
    expect(lists).toHaveLength(HELP_NAV.length);
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(HELP_NAV.flatMap((section) => section.items).length);
    for (const link of links) expect(link.parentElement?.tagName).toBe('LI');
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/help-center/docs/intro/');
  });
});
