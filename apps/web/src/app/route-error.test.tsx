import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import i18n from '../lib/i18n';
import { describeRouteError } from './errors/describe-route-error';
import { RouteErrorPage } from './errors/route-error-page';
import { render, waitFor } from './test-render';

function Boom(): never {
  throw new Error('render failed');
}

async function mountThrowing(loader: () => never) {
  const router = createMemoryRouter([{ path: '/', loader, element: <p>page</p>, errorElement: <RouteErrorPage /> }]);
  return render(<RouterProvider router={router} />);
}

describe('route errors (spec §2)', () => {
  // React and React Router log caught render errors (and the lazy 404 page's late update) on purpose.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('classifies 404 responses, other responses and anything else', () => {
    expect(describeRouteError(new Error('x'))).toEqual({ type: 'unexpected' });
  });

  it('renders the 404 page for a 404 response', async () => {
    await i18n.changeLanguage('en-US');
    const view = await mountThrowing(() => {
      throw new Response('', { status: 404, statusText: 'Not Found' });
    });
    await waitFor(() => expect(view.container.textContent).toContain('Page not found'));
    expect(view.container.textContent).toContain('404');
    expect(view.container.querySelectorAll('li')).toHaveLength(3);
    const homeLinks = [...view.container.querySelectorAll('a[href="/"]')].map((a) => a.textContent);
    expect(homeLinks).toContain('Back home');
    view.unmount();
  });

  it('renders a generic title with the status text for other responses', async () => {
    await i18n.changeLanguage('en-US');
    const view = await mountThrowing(() => {
      throw new Response('', { status: 503, statusText: 'Service Unavailable' });
    });
    await waitFor(() => expect(view.container.textContent).toContain('Something went wrong'));
    expect(view.container.textContent).toContain('503 Service Unavailable');
    view.unmount();
  });

  it("renders the 'oops' page for anything else", async () => {
    await i18n.changeLanguage('zh-CN');
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorPage /> }]);
    const view = await render(<RouterProvider router={router} />);
    await waitFor(() => expect(view.container.textContent).toContain('哎呀'));
    expect(view.container.textContent).toContain('发生了意外错误');
    view.unmount();
  });
});
