import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, Stripe's scheme: the provider sends
 * `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several `v1`
 * entries while a secret is being rotated). The receiver recomputes the HMAC over the raw bytes it
 * received, compares in constant time, and refuses timestamps outside a tolerance, so a captured
 * call cannot be replayed later.
 */
export const SIGNATURE_HEADER = 'sandbox-signature';
/** How far the signed timestamp may be from our clock (Stripe's default: 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The webhook signing secret, derived from APP_SECRET (every instance sharing it derives the same one). */
export function deriveWebhookSecret(appSecret: string, provider: string): string {
  return `whsec_${createHmac('sha256', appSecret).update(`namebourse:payments:${provider}:webhook:v1`).digest('hex')}`;
}

function hmacHex(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** The header value for a payload signed at `timestamp` (unix seconds). */
export function signWebhook(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return null;
      signatures.push(value);
    }
    // Other schemes (v0, …) are ignored, as Stripe's libraries do.
  }
  if (timestamp === null || signatures.length === 0 || signatures.length > 8) return null;
  return { timestamp, signatures };
}

/** Verifies a signature header against the raw body; `nowSeconds` from the clock. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, reason: 'missing' };
  if (Array.isArray(header)) return { ok: false, reason: 'malformed' };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), 'hex');
  const matches = parsed.signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp: parsed.timestamp };
}
