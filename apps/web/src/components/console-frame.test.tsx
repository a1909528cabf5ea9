import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/index.ts';
import { ConsoleFrame } from './console-frame.tsx';

const ITEMS = [
  { key: 'orders', to: '/console/order/list', label: 'Orders', icon: <span /> },
  { key: 'messages', to: '/console/message/list', label: 'Messages', icon: <span /> },
];

function renderFrame() {
  return renderWithProviders(
    <main>
      <ConsoleFrame items={ITEMS} current="messages" label="Console menu" menuHeader={<p>Console</p>}>
        <p>the page</p>
      </ConsoleFrame>
    </main>,
  );
}

describe('<ConsoleFrame>', () => {
  it('lists the side menu as list items, each holding its link, the current page marked', async () => {
    renderFrame();
    const [side] = await screen.findAllByRole('navigation', { name: 'Console menu' });
    const list = within(side as HTMLElement).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Orders', 'Messages']);
    expect(within(list).getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe('page');
    expect(within(list).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBeNull();
  });

  it('puts the page in the main landmark of the shell, adding none of its own', async () => {
    renderFrame();
    await screen.findByText('the page');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
