import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFingerprint, setFingerprintProvider } from './fingerprint.ts';
import { type FingerprintImporter, installFingerprintJs, loadVisitorId, resetFingerprintJs } from './fingerprint-js.ts';

function fakeImporter(visitorId: string, load = vi.fn()): FingerprintImporter {
  load.mockResolvedValue({ get: async () => ({ visitorId }) });
  return async () => ({ default: { load } });
}

afterEach(() => {
  resetFingerprintJs();
  setFingerprintProvider(null);
  localStorage.clear();
});

describe('FingerprintJS provider', () => {
  it('loads without the monitoring ping', async () => {
    const load = vi.fn();
    await expect(loadVisitorId(fakeImporter('abc123', load))).resolves.toBe('abc123');
    expect(load).toHaveBeenCalledWith({ monitoring: false });
  });

  it('keeps the default provider until the id is known, then uses it', async () => {
    let run: () => void = () => {};
    const pending = installFingerprintJs(fakeImporter('0123456789abcdef'), (task) => {
      run = task;
    });
    expect(await getFingerprint()).toMatch(/^v1-/);
    run();
    await expect(pending).resolves.toBe('0123456789abcdef');
    expect(await getFingerprint()).toBe('0123456789abcdef');
  });

  it('leaves the default provider when loading fails or the id is unusable', async () => {
    const failing: FingerprintImporter = async () => {
      throw new Error('blocked');
    };
    await expect(installFingerprintJs(failing, (task) => task())).resolves.toBeNull();
    expect(await getFingerprint()).toMatch(/^v1-/);
    resetFingerprintJs();
    await expect(installFingerprintJs(fakeImporter('bad id!'), (task) => task())).resolves.toBeNull();
  });
});
