/**
 * A visitor's conversation in this window: its id, the token the server gave once, and the e-mail and name it was
 * started with (to start the next one). Kept in sessionStorage: it survives a reload of the chat window, and dies
 * with it, so the next person at a shared computer does not see this chat.
 */
export interface VisitorSession {
  conversationId: string;
  token: string;
  email: string;
  name: string;
}

export const VISITOR_SESSION_KEY = 'nb.supportChat.visitor';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readVisitorSession(): VisitorSession | null {
  try {
    const raw = store()?.getItem(VISITOR_SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<VisitorSession>;
    if (typeof value.conversationId !== 'string' || typeof value.token !== 'string') return null;
    return {
      conversationId: value.conversationId,
      token: value.token,
      email: typeof value.email === 'string' ? value.email : '',
      name: typeof value.name === 'string' ? value.name : '',
    };
  } catch {
    return null;
  }
}

export function writeVisitorSession(session: VisitorSession): void {
  try {
    store()?.setItem(VISITOR_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage unavailable: the chat works until the window reloads.
  }
}

export function clearVisitorSession(): void {
  try {
    store()?.removeItem(VISITOR_SESSION_KEY);
  } catch {
    // Nothing to clear.
  }
}
