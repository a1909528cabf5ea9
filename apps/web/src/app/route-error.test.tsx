import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/testing/index.ts';
import { describeRouteError } from './errors/describe-route-error.ts';
import { RouteErrorPage } from './errors/route-error-page.tsx';

function Boom(): never {
  throw new Error('render failed');
}

function renderRoute(route: RouteObject, locale: 'zh-CN' | 'en-US' = 'en-US') {
  return renderWithProviders(null, { routes: [{ path: '/', errorElement: <RouteErrorPage />, ...route }], locale });
}

function throwingLoader(response: Response) {
  return renderRoute({
    loader: () => {
      throw response;
    },
    element: <p>page</p>,
  });
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
    throwingLoader(new Response('', { status: 404, statusText: 'Not Found' }));
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByText('404')).toBeDefined();
    const checklist = screen.getByRole('list');
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Back home' }).getAttribute('href')).toBe('/');
  });

  it('renders a generic title with the status text for other responses', async () => {
    throwingLoader(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByText(/503 Service Unavailable/)).toBeDefined();
  });

  it("renders the 'oops' page for anything else", async () => {
    renderRoute({ element: <Boom /> }, 'zh-CN');
    await screen.findByRole('heading', { level: 1, name: /哎呀/ });
    expect(screen.getByText(/发生了意外错误/)).toBeDefined();
  });
});
