import '../../../lib/i18n';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DomainSearch } from './hero-search';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Sale() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

let root: Root | undefined;
let container: HTMLDivElement;

async function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <DomainSearch /> },
      { path: '/sale', element: <Sale /> },
    ],
    { initialEntries: ['/'] },
  );
  container = document.createElement('div');
  document.body.appendChild(container);
  await act(async () => {
    root = createRoot(container);
    root.render(<RouterProvider router={router} />);
  });
  return router;
}

async function typeAndSubmit(value: string) {
  const input = container.querySelector('input[name="keyword"]') as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    (container.querySelector('form') as HTMLFormElement).requestSubmit();
  });
}

beforeAll(async () => {
  await i18next.changeLanguage('en-US');
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe('DomainSearch', () => {
  it('opens the bidding page with the trimmed keyword', async () => {
    const router = await renderSearch();
    expect(container.querySelector('input')?.getAttribute('aria-label')).toBe('Search domains');
    await typeAndSubmit('  brand.com  ');
    expect(router.state.location.pathname).toBe('/sale');
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('brand.com');
  });

  it('opens the bidding page without a keyword when the box is empty', async () => {
    const router = await renderSearch();
    await typeAndSubmit('   ');
    expect(router.state.location.pathname + router.state.location.search).toBe('/sale');
  });
});
