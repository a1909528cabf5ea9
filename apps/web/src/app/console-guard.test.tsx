import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, http, ok, renderWithProviders, requestsTo, server } from '../lib/testing/index.ts';
import { readUserInfo, writeUserInfo } from '../lib/user-storage.ts';
import { ConsoleGuard } from './console/console-guard.tsx';
import { consoleGuardDecision } from './console/console-guard-decision.ts';
import { consoleRoute } from './router.tsx';

const signedIn = { status: 'ok' as const, info: { accountNo: 'NB100001', nickname: 'Ada' } };

describe('consoleGuardDecision (spec §6 local check)', () => {
  it('redirects at once when no account id is stored', () => {
    expect(consoleGuardDecision('')).toBe('redirect');
    expect(consoleGuardDecision('', signedIn)).toBe('redirect');
  });

  it('waits for check-login when an account id is stored', () => {
    expect(consoleGuardDecision('NB100001')).toBe('pending');
  });

  it('redirects when check-login answers an empty accountNo or fails', () => {
    expect(consoleGuardDecision('NB100001', { status: 'ok', info: { accountNo: '', nickname: '' } })).toBe('redirect');
    expect(consoleGuardDecision('NB100001', { status: 'error', error: new Error('500') })).toBe('redirect');
  });

  it('lets the user through when check-login confirms the account', () => {
    expect(consoleGuardDecision('NB100001', signedIn)).toBe('allow');
  });
});

function renderAt(path: string) {
  return renderWithProviders(null, {
    path,
    session: true,
    routes: [
      { path: 'account/login', element: <p>login page</p> },
      {
        path: 'console',
        element: <ConsoleGuard />,
        children: [{ path: 'domain/list', element: <p>my domains</p> }],
      },
    ],
  });
}

/** The server's answer to check-login. */
function checkLoginAnswers(answer: () => Response) {
  server.use(http.get('/api/account/check-login', answer));
}

describe('<ConsoleGuard>', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('without a stored account id: goes to login with a redirect, without calling check-login', async () => {
    const { router } = renderAt('/console/domain/list?page=2');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/console/domain/list?page=2')}`);
    expect(requestsTo('GET', '/api/account/check-login')).toHaveLength(0);
  });

  it('with a stored id and a confirmed session: renders the console page', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    checkLoginAnswers(() => ok({ accountNo: 'NB100001', nickname: 'Ada Lovelace' }));
    const { router } = renderAt('/console/domain/list');
    await screen.findByText('my domains');
    expect(requestsTo('GET', '/api/account/check-login')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/console/domain/list');
    // The answer is written back to storage.
    expect(readUserInfo()).toEqual({ accountNo: 'NB100001', nickname: 'Ada Lovelace' });
  });

  it('with a stored id but an empty accountNo from check-login: goes to login', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    checkLoginAnswers(() => ok({ accountNo: '', nickname: '' }));
    const { router } = renderAt('/console/domain/list');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/console/domain/list')}`);
    expect(readUserInfo().accountNo).toBe('');
  });

  it('with a stored id but a failing check-login: goes to login', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    checkLoginAnswers(() => fail('Request.Unexpected'));
    renderAt('/console/domain/list');
    await screen.findByText('login page');
    expect(screen.queryByText('my domains')).toBeNull();
  });
});

describe('the console route of the app', () => {
  beforeEach(() => {
    localStorage.clear();
    writeUserInfo({ accountNo: 'NB100001', nickname: 'Ada' });
    checkLoginAnswers(() => ok({ accountNo: 'NB100001', nickname: 'Ada' }));
  });
  afterEach(() => localStorage.clear());

  it.each(['/console', '/console/', '/console/no-such-page'])(
    'renders the 404 page at %s for a signed-in user (console pages arrive later)',
    async (path) => {
      renderWithProviders(null, { path, session: true, routes: [consoleRoute] });
      await screen.findByRole('heading', { level: 1, name: 'Page not found' });
      expect(screen.getByText('404')).toBeDefined();
      expect(requestsTo('GET', '/api/account/check-login')).toHaveLength(1);
    },
  );
});
