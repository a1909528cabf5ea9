import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KEYS, type NotificationKey } from '@namebourse/contract';

/**
 * The unsubscribe link's token: `<user id>.<category>.<signature>`, the signature an HMAC-SHA256 of
 * both under the app secret. It never expires (a link in an old e-mail keeps working) and only ever
 * switches that one category off for that one user, so it needs no sign-in and no CSRF token.
 */
const TOKEN_RE = /^([1-9]\d{0,18})\.([A-Za-z]{1,32})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, userId: bigint, category: NotificationKey): string {
  return createHmac('sha256', secret).update(`namebourse:unsubscribe:v1:${userId}:${category}`).digest('base64url');
}

export function signUnsubscribeToken(secret: string, userId: bigint, category: NotificationKey): string {
  return `${userId}.${category}.${signature(secret, userId, category)}`;
}

/** The user and category a token stands for, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: bigint; category: NotificationKey } | null {
  const match = TOKEN_RE.exec(token.trim());
  if (!match) return null;
  const [, id, name, sig] = match as unknown as [string, string, string, string];
  const category = NOTIFICATION_KEYS.find((key) => key === name);
  if (!category) return null;
  const userId = BigInt(id);
  const expected = Buffer.from(signature(secret, userId, category));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, category };
}
