import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFingerprint, localVisitorId, setFingerprintProvider, VISITOR_ID_STORAGE_KEY } from './fingerprint.ts';

const VISITOR_ID = /^v1-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SERVER_PATTERN = /^[\w.:-]{1,128}$/;

beforeEach(() => {
  localStorage.clear();
  setFingerprintProvider(null);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setFingerprintProvider(null);
  localStorage.clear();
});

describe('default visitor id', () => {
  it("is a random 'v1-<uuid>' that the server accepts, kept in localStorage", async () => {
    const id = await getFingerprint();
    expect(id).toMatch(VISITOR_ID);
    expect(id).toMatch(SERVER_PATTERN);
    expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBe(id);
  });

  it('is created once: later calls and later page loads reuse the stored id', async () => {
    const first = await getFingerprint();
    await expect(getFingerprint()).resolves.toBe(first);
    setFingerprintProvider(null); // a new page load asks the default provider again
    await expect(getFingerprint()).resolves.toBe(first);
    expect(localVisitorId()).toBe(first);
  });

  it('reuses an id already in storage and replaces one the server would reject', () => {
    localStorage.setItem(VISITOR_ID_STORAGE_KEY, 'v1-existing');
    expect(localVisitorId()).toBe('v1-existing');
    localStorage.setItem(VISITOR_ID_STORAGE_KEY, 'not valid!');
    const id = localVisitorId();
    expect(id).toMatch(VISITOR_ID);
    expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBe(id);
  });

  it("is 'unknown' when storage is unavailable", async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(localVisitorId()).toBe('unknown');
    await expect(getFingerprint()).resolves.toBe('unknown');
  });

  it("is 'unknown' when storage cannot be written (quota, private mode)", () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(localVisitorId()).toBe('unknown');
  });

  it('falls back to getRandomValues where crypto.randomUUID is missing (non-secure contexts)', () => {
    const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    expect(localVisitorId()).toMatch(VISITOR_ID);
  });
});

describe('custom provider', () => {
  it('overrides the default, is asked once and cached', async () => {
    const provider = vi.fn(async () => 'visitor-1');
    setFingerprintProvider(provider);
    await expect(getFingerprint()).resolves.toBe('visitor-1');
    await expect(getFingerprint()).resolves.toBe('visitor-1');
    expect(provider).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBeNull();
  });

  it("falls back to 'unknown' when the provider fails or answers nothing, and asks again later", async () => {
    const provider = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('blocked'));
    provider.mockResolvedValueOnce('visitor-2');
    setFingerprintProvider(provider);
    await expect(getFingerprint()).resolves.toBe('unknown');
    await expect(getFingerprint()).resolves.toBe('visitor-2');
    setFingerprintProvider(() => '');
    await expect(getFingerprint()).resolves.toBe('unknown');
  });

  it("sends 'unknown' instead of an id the server would reject", async () => {
    setFingerprintProvider(() => 'id with spaces');
    await expect(getFingerprint()).resolves.toBe('unknown');
    setFingerprintProvider(() => 'x'.repeat(129));
    await expect(getFingerprint()).resolves.toBe('unknown');
    setFingerprintProvider(() => '  a1b2c3:d4.e5-f6_  ');
    await expect(getFingerprint()).resolves.toBe('a1b2c3:d4.e5-f6_');
  });
});
