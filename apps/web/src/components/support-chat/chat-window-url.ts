import type { StoredUserInfo } from '../../lib/user-storage.ts';

/** The customer-service chat window's page (client-rendered, without the site's top bar and footer). */
export const SUPPORT_CHAT_PATH = '/support/chat';

/** The name of the chat's window: a second click brings the same window back instead of opening another. */
export const SUPPORT_CHAT_WINDOW = 'namebourse-support-chat';

/** A small window beside the page (the browser may still open a tab: popup features are a hint). */
export const SUPPORT_CHAT_FEATURES = 'popup=yes,width=420,height=680';

/** The query of the chat window: the stored user id and name (spec §2), for the greeting — never for access. */
export const CHAT_QUERY = { userId: 'uid', name: 'name' } as const;

/** `/support/chat?uid=…&name=…` with the stored user (visitors: no query). */
export function supportChatUrl(user: StoredUserInfo): string {
  const query = new URLSearchParams();
  if (user.accountNo) {
    query.set(CHAT_QUERY.userId, user.accountNo);
    if (user.nickname) query.set(CHAT_QUERY.name, user.nickname);
  }
  const search = query.toString();
  return search ? `${SUPPORT_CHAT_PATH}?${search}` : SUPPORT_CHAT_PATH;
}

/** The stored user the window was opened with (empty strings for a visitor). */
export function userOfChatUrl(search: string): StoredUserInfo {
  const query = new URLSearchParams(search);
  return {
    accountNo: (query.get(CHAT_QUERY.userId) ?? '').trim(),
    nickname: (query.get(CHAT_QUERY.name) ?? '').trim(),
  };
}

export interface WindowOpener {
  open: (url: string, target: string, features: string) => Window | null;
  assign: (url: string) => void;
}

const browserOpener: WindowOpener = {
  open: (url, target, features) => window.open(url, target, features),
  assign: (url) => window.location.assign(url),
};

/**
 * Opens the chat in its own small window; where the browser blocks pop-ups (open answers null), the chat opens in
 * this tab instead. Returns how it opened.
 */
export function openSupportChat(user: StoredUserInfo, opener: WindowOpener = browserOpener): 'window' | 'same-tab' {
  const url = supportChatUrl(user);
  let opened: Window | null = null;
  try {
    opened = opener.open(url, SUPPORT_CHAT_WINDOW, SUPPORT_CHAT_FEATURES);
  } catch {
    opened = null;
  }
  if (opened) {
    opened.focus?.();
    return 'window';
  }
  opener.assign(url);
  return 'same-tab';
}
