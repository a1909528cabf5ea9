import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFingerprint, setFingerprintProvider } from './fingerprint.ts';

afterEach(() => setFingerprintProvider(null));

describe('fingerprint', () => {
  it("is 'unknown' until a provider is set", async () => {
    await expect(getFingerprint()).resolves.toBe('unknown');
  });

  it('asks the provider once and caches the visitor id', async () => {
    const provider = vi.fn(async () => 'visitor-1');
    setFingerprintProvider(provider);
    await expect(getFingerprint()).resolves.toBe('visitor-1');
    await expect(getFingerprint()).resolves.toBe('visitor-1');
    expect(provider).toHaveBeenCalledTimes(1);
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
});
