import type { MyDomain } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/index.ts';
import { DomainRowActions } from './domain-row-actions.tsx';

const DOMAIN = { domainId: 'D1', name: 'alpha.com', lockStatus: 'closed', status: 'normal', listed: false } as MyDomain;

describe('<DomainRowActions> list for sale', () => {
  it('offers to list a domain not yet listed, prefilled on the seller centre’s create page', async () => {
    const { user } = renderWithProviders(<DomainRowActions domain={DOMAIN} onAction={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Actions for alpha.com' }));
    const item = await screen.findByRole('menuitem', { name: 'List for sale' });
    expect(item.getAttribute('href')).toBe('/console/seller/new?domain=alpha.com');
    expect(screen.queryByRole('menuitem', { name: /Listed/ })).toBeNull();
  });

  it('shows a listed domain as listed, linking to its listing (Chinese)', async () => {
    const { user } = renderWithProviders(
      <DomainRowActions domain={{ ...DOMAIN, listed: true }} onAction={() => {}} />,
      {
        locale: 'zh-CN',
      },
    );
    await user.click(screen.getByRole('button', { name: 'alpha.com 的操作' }));
    const item = await screen.findByRole('menuitem', { name: '已上架 · 在卖家中心查看' });
    expect(item.getAttribute('href')).toBe('/console/seller?q=alpha.com');
    expect(screen.queryByRole('menuitem', { name: '上架出售' })).toBeNull();
  });
});
