import { generate, stringToBytes } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, timeStepOf, totpUri, verifyTotp } from './totp.ts';

/** RFC 6238 appendix B, SHA-1: the seed is the ASCII string '12345678901234567890'. */
const RFC_SEED = '12345678901234567890';
const RFC_SEED_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_SHA1_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_SHA1_VECTORS)('otplib gives the RFC 6238 SHA-1 vector at T=%i', async (epoch, expected) => {
    const token = await generate({ secret: stringToBytes(RFC_SEED), algorithm: 'sha1', digits: 8, period: 30, epoch });
    expect(token).toBe(expected);
  });

  it.each(RFC_SHA1_VECTORS)('verifyTotp accepts the 6-digit form of the vector at T=%i', async (epoch, expected) => {
    const step = await verifyTotp(RFC_SEED_BASE32, expected.slice(-6), new Date(epoch * 1000), null);
    expect(step).toBe(timeStepOf(epoch));
  });

  it('accepts ±1 step and nothing further', async () => {
    const secret = newTotpSecret();
    const at = 1_800_000_000 + 15;
    const code = await generate({ secret, epoch: at });
    for (const [offset, ok] of [
      [-60, false],
      [-30, true],
      [0, true],
      [30, true],
      [60, false],
    ] as const) {
      const step = await verifyTotp(secret, code, new Date((at + offset) * 1000), null);
      expect(step !== null, `offset ${offset}`).toBe(ok);
    }
  });

  it('refuses a code whose step was already accepted (a code is accepted once)', async () => {
    const secret = newTotpSecret();
    const now = new Date(1_800_000_000_000);
    const code = await generate({ secret, epoch: now.getTime() / 1000 });
    const step = await verifyTotp(secret, code, now, null);
    expect(step).toBe(timeStepOf(now.getTime() / 1000));
    expect(await verifyTotp(secret, code, now, step)).toBeNull();
    const next = await generate({ secret, epoch: now.getTime() / 1000 + 30 });
    expect(await verifyTotp(secret, next, new Date(now.getTime() + 30_000), step)).toBe(step! + 1);
  });

  it('refuses malformed codes and secrets', async () => {
    const secret = newTotpSecret();
    expect(await verifyTotp(secret, '12345', new Date(), null)).toBeNull();
    expect(await verifyTotp(secret, 'abcdef', new Date(), null)).toBeNull();
    expect(await verifyTotp('not base32!', '123456', new Date(), null)).toBeNull();
  });

  it('builds the otpauth URI with issuer NameBourse and the e-mail label', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'buyer@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/NameBourse:buyer(%40|@)example\.com\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(uri).toContain('issuer=NameBourse');
  });
});
