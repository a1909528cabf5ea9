import { randomUuid } from './idempotency-key.ts';

/**
 * Device fingerprint for the X-Device-Fingerprint header (spec §7: the visitor id, or 'unknown').
 * By default the visitor id is a random id made once and kept in localStorage (`localVisitorId`); the
 * accounts feature replaces it with the FingerprintJS visitor id through `setFingerprintProvider`.
 */
export type FingerprintProvider = () => string | Promise<string>;

export const UNKNOWN_FINGERPRINT = 'unknown';

/** localStorage key of the default visitor id. */
export const VISITOR_ID_STORAGE_KEY = 'nb.visitorId';

/** What the server accepts in X-Device-Fingerprint; anything else is sent as 'unknown'. */
export const FINGERPRINT_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * The default provider: 'v1-<uuid>', created on first use and kept in localStorage so that it stays the same
 * across visits. 'unknown' when storage is unavailable (disabled, sandboxed, full) or no random source exists.
 */
export function localVisitorId(): string {
  try {
    const storage = window.localStorage;
    const stored = storage.getItem(VISITOR_ID_STORAGE_KEY);
    if (stored && FINGERPRINT_PATTERN.test(stored)) return stored;
    const uuid = randomUuid();
    if (!uuid) return UNKNOWN_FINGERPRINT;
    const id = `v1-${uuid}`;
    storage.setItem(VISITOR_ID_STORAGE_KEY, id);
    return id;
  } catch {
    return UNKNOWN_FINGERPRINT;
  }
}

let provider: FingerprintProvider = localVisitorId;
let cached: Promise<string> | null = null;

/** Sets the visitor-id provider (null restores the default `localVisitorId`); the next request asks it again. */
export function setFingerprintProvider(next: FingerprintProvider | null): void {
  provider = next ?? localVisitorId;
  cached = null;
}

/** The visitor id, resolved once per provider; 'unknown' when it fails or answers something the server rejects. */
export function getFingerprint(): Promise<string> {
  if (!cached) {
    const current = provider;
    const attempt: Promise<string> = Promise.resolve()
      .then(current)
      .then(
        (id) => {
          const value = typeof id === 'string' ? id.trim() : '';
          return FINGERPRINT_PATTERN.test(value) ? value : UNKNOWN_FINGERPRINT;
        },
        () => {
          // Ask again next time: a failed load should not pin 'unknown' for the whole session.
          if (cached === attempt) cached = null;
          return UNKNOWN_FINGERPRINT;
        },
      );
    cached = attempt;
  }
  return cached;
}
