/**
 * renderWithProviders: mounts a piece of the app as the app mounts it — the MUI theme, a fresh React Query
 * client, i18next in a chosen language and a memory router — and returns Testing Library's queries, a
 * user-event session and the router. Requests go through the real api-client to the msw server
 * (./server.ts), whose navigation (login redirects, dialogs) uses this router.
 */

import { ThemeProvider } from '@mui/material/styles';
import type { Locale } from '@namebourse/contract';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, type RenderResult, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { SessionProvider } from '../../app/session/session-context.tsx';
import { theme } from '../../app/theme.ts';
import { ApiFeedbackHost } from '../../components/api-feedback/api-feedback-host.tsx';
import { configureApiClient } from '../api-client.ts';
import { resetFeedbackStore } from '../feedback-store.ts';
import i18n from '../i18n.ts';
import './server.ts'; // every rendered test talks to msw, never to the network

afterEach(() => {
  cleanup();
  resetFeedbackStore();
});

export interface RenderOptions {
  /** The address the router starts at; '/' by default. */
  path?: string;
  /** The route pattern `ui` is mounted at; '*' (any address) by default. */
  route?: string;
  /** More routes beside `ui` (e.g. a stand-in login page to land on), or the whole tree when `ui` is null. */
  routes?: RouteObject[];
  /** Wraps the routes in the app's SessionProvider (check-login, logout), as the shell does. */
  session?: boolean;
  /** The UI language; en-US by default. */
  locale?: Locale;
  /** Mounts the pipeline's toasts and dialogs (MFA, contact info, recharge) as the shell does; true by default. */
  feedback?: boolean;
  /** Passed to userEvent.setup (e.g. `advanceTimers` with fake timers). */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}): Rendered {
  const { path = '/', route = '*', routes = [], session = false, locale = 'en-US', feedback = true } = options;
  void i18n.changeLanguage(locale); // resources are bundled: the switch is synchronous
  const children: RouteObject[] = ui === null ? routes : [...routes, { path: route, element: ui }];
  const tree: RouteObject[] = session
    ? [
        {
          element: (
            <SessionProvider>
              <Outlet />
            </SessionProvider>
          ),
          hydrateFallbackElement: <p>loading</p>,
          children,
        },
      ]
    : children;
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  configureApiClient({
    navigate: (to) => {
      void router.navigate(to);
    },
  });
  const queryClient = createQueryClient();
  const user = userEvent.setup(options.userEventOptions);
  const view = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
          {feedback ? <ApiFeedbackHost /> : null}
        </I18nextProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** The router's current address, path and query: `'/sale?keyword=brand.com'`. */
export function locationOf(router: Rendered['router']): string {
  return router.state.location.pathname + router.state.location.search;
}

/**
 * The innermost table row or list item that shows `text` (a row of a list page, whichever of its table or card
 * layout the screen width chose).
 */
export function rowWith(text: string): HTMLElement {
  const candidates = [...screen.queryAllByRole('row'), ...screen.queryAllByRole('listitem')].filter((element) =>
    element.textContent?.includes(text),
  );
  const innermost = candidates.filter(
    (element) => !candidates.some((other) => other !== element && element.contains(other)),
  );
  if (innermost.length !== 1) throw new Error(`${innermost.length} rows show '${text}'`);
  return innermost[0] as HTMLElement;
}

/**
 * Replaces a field's text in one input event, as pasting does. Typing key by key (`user.type`) is the better
 * model where each keystroke matters, but costs a render per key on MUI fields.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text === '') return;
  await user.click(field);
  await user.paste(text);
}
