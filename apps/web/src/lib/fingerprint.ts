/**
 * Device fingerprint for the X-Device-Fingerprint header (spec §7). The value is 'unknown' until a
 * provider is set (the accounts feature plugs FingerprintJS in through `setFingerprintProvider`).
 */
export type FingerprintProvider = () => string | Promise<string>;

export const UNKNOWN_FINGERPRINT = 'unknown';

let provider: FingerprintProvider | null = null;
let cached: Promise<string> | null = null;

/** Sets (or, with null, removes) the visitor-id provider; the next request asks it again. */
export function setFingerprintProvider(next: FingerprintProvider | null): void {
  provider = next;
  cached = null;
}

/** The visitor id, resolved once per provider; 'unknown' without a provider or when it fails. */
export function getFingerprint(): Promise<string> {
  const current = provider;
  if (!current) return Promise.resolve(UNKNOWN_FINGERPRINT);
  if (!cached) {
    const attempt: Promise<string> = Promise.resolve()
      .then(current)
      .then(
        (id) => (typeof id === 'string' && id.trim() !== '' ? id : UNKNOWN_FINGERPRINT),
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
