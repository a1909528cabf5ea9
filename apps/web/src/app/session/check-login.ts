import type { LoginState } from '@namebourse/contract';
import { api, type CallOptions } from '../../lib/api-client.ts';

export type CheckLoginResult = { status: 'ok'; info: LoginState } | { status: 'error'; error: unknown };

export const SIGNED_OUT: LoginState = { accountNo: '', nickname: '' };

/** Spec §3: signed in when accountNo is non-empty. */
export function isLoggedIn(info: LoginState | null | undefined): boolean {
  return Boolean(info?.accountNo);
}

function normalise(data: Partial<LoginState> | null | undefined): LoginState {
  return {
    accountNo: typeof data?.accountNo === 'string' ? data.accountNo : '',
    nickname: typeof data?.nickname === 'string' ? data.nickname : '',
  };
}

/**
 * Session calls made by the shell on its own: no toast, and an expired session must not bounce a visitor off a
 * public page (the console guard decides about redirects itself).
 */
export const QUIET: CallOptions = {
  errorMode: 'silent',
  handlers: {
    'Account.Unauthorized': () => {
      // Treated as "not signed in" by the caller.
    },
  },
};

/** GET /account/check-login; never throws. */
export async function checkLogin(): Promise<CheckLoginResult> {
  try {
    const data = await api.get<Partial<LoginState> | null>('/account/check-login', undefined, QUIET);
    return { status: 'ok', info: normalise(data) };
  } catch (error) {
    return { status: 'error', error };
  }
}
