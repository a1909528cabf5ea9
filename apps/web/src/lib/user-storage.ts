import { USER_STORAGE_KEYS } from '@namebourse/contract';

/** The signed-in user's info kept in localStorage (spec §3: two keys, cleared on logout). */
export interface StoredUserInfo {
  accountNo: string;
  nickname: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Access can throw (disabled storage, sandboxed frames).
    return null;
  }
}

function read(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** The stored user info; empty strings when absent. */
export function readUserInfo(): StoredUserInfo {
  return { accountNo: read(USER_STORAGE_KEYS.accountNo), nickname: read(USER_STORAGE_KEYS.nickname) };
}

export function writeUserInfo(info: StoredUserInfo): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(USER_STORAGE_KEYS.accountNo, info.accountNo);
    store.setItem(USER_STORAGE_KEYS.nickname, info.nickname);
  } catch {
    // Quota or privacy mode: the session still works from the cookies.
  }
}

export function clearUserInfo(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(USER_STORAGE_KEYS.accountNo);
    store.removeItem(USER_STORAGE_KEYS.nickname);
  } catch {
    // Nothing to clear.
  }
}
