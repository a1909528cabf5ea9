import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { ipAllowed, normaliseIpEntry } from './access-keys.service.ts';
import { getApiAccessInputs } from './api-access.ts';
import { findLiveAccessKey } from './security.repository.ts';
import { bindAuthenticatorFor, buildSecurityTestApp, signedInUser, totpAt } from './security.test-support.ts';

// The ledger supplies these later; the tests steer them.
vi.mock('./api-access.ts', () => ({
  getApiAccessInputs: vi.fn(async () => ({ spentCents: 0, availableCents: 0 })),
}));
const inputs = vi.mocked(getApiAccessInputs);
const ELIGIBLE = { spentCents: 150_000, availableCents: 20_000 };

describe('the IP allow-list', () => {
  it('normalises IPv4, IPv6 and CIDR entries and refuses the rest', () => {
    expect(normaliseIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normaliseIpEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normaliseIpEntry('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normaliseIpEntry('::ffff:192.0.2.1')).toBe('192.0.2.1');
    for (const bad of ['10.0.0.256', '10/8', '10.0.0.0/33', '2001:db8::/129', 'example.com', '0x7f.1', '1.2.3']) {
      expect(normaliseIpEntry(bad), bad).toBeNull();
    }
  });

  it('matches addresses against ranges of their own family', () => {
    const list = ['10.0.0.0/8', '2001:db8::/32', '198.51.100.4'];
    expect(ipAllowed('10.200.3.4', list)).toBe(true);
    expect(ipAllowed('::ffff:10.1.1.1', list)).toBe(true);
    expect(ipAllowed('198.51.100.4', list)).toBe(true);
    expect(ipAllowed('198.51.100.5', list)).toBe(false);
    expect(ipAllowed('2001:db8:1::9', list)).toBe(true);
    expect(ipAllowed('2001:db9::1', list)).toBe(false);
    expect(ipAllowed('garbage', list)).toBe(false);
  });
});

describe.each(enginesFor('app'))('API access keys (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildSecurityTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    inputs.mockResolvedValue({ spentCents: 0, availableCents: 0 });
  });

  const post = (headers: Record<string, string>, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/account-manage/${url}`, headers, payload });
  const bearer = (credentials: string, extra: { remoteAddress?: string; method?: 'GET' | 'POST' } = {}) =>
    t.app.inject({
      method: extra.method ?? 'GET',
      url: '/api/test/whoami',
      headers: { authorization: `Bearer ${credentials}` },
      ...(extra.method === 'POST' ? { payload: {} } : {}),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });

  it('a user with no ledger activity has no spending and no balance', async () => {
    const actual = await vi.importActual<typeof import('./api-access.ts')>('./api-access.ts');
    expect(await actual.getApiAccessInputs(t.app, 1n)).toEqual({ spentCents: 0, availableCents: 0 });
  });

  it('is locked by default: check-can-create-ak says why and create-ak is refused', async () => {
    const { headers } = await signedInUser(t);
    const check = await t.app.inject({ method: 'GET', url: '/api/account-manage/check-can-create-ak', headers });
    expect(check.json().data).toMatchObject({
      canCreate: false,
      reason: 'SPENDING_TOO_LOW',
      spentCents: 0,
      availableCents: 0,
      requiredSpentCents: 100_000,
      requiredAvailableCents: 10_000,
    });
    expect((await post(headers, 'create-ak')).json().code).toBe('Account.ApiAccessLocked');
    inputs.mockResolvedValue({ spentCents: 100_000, availableCents: 9_999 });
    const low = await t.app.inject({ method: 'GET', url: '/api/account-manage/check-can-create-ak', headers });
    expect(low.json().data).toMatchObject({ canCreate: false, reason: 'BALANCE_TOO_LOW' });
  });

  it('creates a key when eligible; the secret is shown once and stored as a hash; Bearer auth works without CSRF', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers, user } = await signedInUser(t);
    const check = await t.app.inject({ method: 'GET', url: '/api/account-manage/check-can-create-ak', headers });
    expect(check.json().data).toMatchObject({ canCreate: true, reason: 'OK', spentCents: 150_000 });

    const created = await post(headers, 'create-ak');
    expect(created.json().code).toBe('200');
    const { keyId, secret } = created.json().data;
    expect(keyId).toMatch(/^AK[A-Z0-9]{20}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const row = await findLiveAccessKey(t.app.platform.db, keyId);
    expect(row?.secretHash).not.toContain(secret);
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(secret);

    const list = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-ak', headers });
    expect(list.json().data.items).toEqual([
      { keyId, status: 'enabled', ipWhiteList: [], createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const who = await bearer(`${keyId}.${secret}`);
    expect(who.json()).toMatchObject({ code: '200', data: { accountNo: user.accountNo, via: 'api-key', keyId } });
    // A state-changing call with the key needs no CSRF token.
    expect((await bearer(`${keyId}.${secret}`, { method: 'POST' })).json().code).toBe('200');
    const used = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-ak', headers });
    expect(used.json().data.items[0].lastUsedAt).toBe(t.clock.now().toISOString());

    // Wrong secrets and unknown keys are refused.
    expect((await bearer(`${keyId}.${'A'.repeat(43)}`)).json().code).toBe('Account.Unauthorized');
    expect((await bearer(`AK${'Z'.repeat(20)}.${secret}`)).statusCode).toBe(401);
    expect((await bearer('nonsense')).statusCode).toBe(401);
    // A key cannot manage the security settings.
    const viaKey = await t.app.inject({
      method: 'GET',
      url: '/api/account-manage/get-ak',
      headers: { authorization: `Bearer ${keyId}.${secret}` },
    });
    expect(viaKey.json().code).toBe('Account.Forbidden');
    // When API access lapses, keys stop working.
    inputs.mockResolvedValue({ spentCents: 0, availableCents: 0 });
    expect((await bearer(`${keyId}.${secret}`)).json().code).toBe('Account.ApiAccessLocked');
  });

  it('refuses disabled and deleted keys', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers } = await signedInUser(t);
    const { keyId, secret } = (await post(headers, 'create-ak')).json().data;
    const disabled = await post(headers, 'update-ak-status', { keyId, status: 'disabled' });
    expect(disabled.json().data).toMatchObject({ keyId, status: 'disabled' });
    expect((await bearer(`${keyId}.${secret}`)).json().code).toBe('Account.Unauthorized');
    await post(headers, 'update-ak-status', { keyId, status: 'enabled' });
    expect((await bearer(`${keyId}.${secret}`)).json().code).toBe('200');
    expect((await post(headers, 'delete-ak', { keyId })).json().code).toBe('200');
    expect((await bearer(`${keyId}.${secret}`)).json().code).toBe('Account.Unauthorized');
    expect((await post(headers, 'delete-ak', { keyId })).json().code).toBe('Account.AccessKeyNotFound');
    const list = await t.app.inject({ method: 'GET', url: '/api/account-manage/get-ak', headers });
    expect(list.json().data.items).toEqual([]);
  });

  it('checks the client IP against the allow-list with CIDR ranges', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers } = await signedInUser(t);
    const { keyId, secret } = (await post(headers, 'create-ak')).json().data;
    const invalid = await post(headers, 'update-ak-ip-whitelist', { keyId, ipWhiteList: ['10.0.0.0/8', 'nope'] });
    expect(invalid.json()).toMatchObject({
      code: 'Request.Invalid',
      data: { fields: { 'ipWhiteList.1': expect.any(String) } },
    });
    const tooMany = await post(headers, 'update-ak-ip-whitelist', {
      keyId,
      ipWhiteList: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`),
    });
    expect(tooMany.json().code).toBe('Request.Invalid');

    const set = await post(headers, 'update-ak-ip-whitelist', { keyId, ipWhiteList: ['10.0.0.0/8', '2001:DB8::/32'] });
    expect(set.json().data.ipWhiteList).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    const credentials = `${keyId}.${secret}`;
    expect((await bearer(credentials, { remoteAddress: '10.1.2.3' })).json().code).toBe('200');
    expect((await bearer(credentials, { remoteAddress: '2001:db8::42' })).json().code).toBe('200');
    const refused = await bearer(credentials, { remoteAddress: '192.168.1.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('Account.IpNotAllowed');
    expect((await bearer(credentials, { remoteAddress: '2001:db9::1' })).json().code).toBe('Account.IpNotAllowed');

    // An empty list allows any address again.
    await post(headers, 'update-ak-ip-whitelist', { keyId, ipWhiteList: [] });
    expect((await bearer(credentials, { remoteAddress: '192.168.1.1' })).json().code).toBe('200');
  });

  it('guards create-ak, delete-ak and the allow-list with MFA once the account has a second factor', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers } = await signedInUser(t);
    const secret = await bindAuthenticatorFor(t, headers);
    const required = await post(headers, 'create-ak');
    expect(required.json()).toMatchObject({ code: 'Account.Mfa.Required', data: { challengeReason: 'CREATE_AK' } });
    const created = await post(headers, 'create-ak', {
      mfaVerification: {
        challengeId: required.json().data.challengeId,
        factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
      },
    });
    expect(created.json().code).toBe('200');
    const { keyId } = created.json().data;
    expect((await post(headers, 'delete-ak', { keyId })).json().data.challengeReason).toBe('DELETE_AK');
    expect(
      (await post(headers, 'update-ak-ip-whitelist', { keyId, ipWhiteList: [] })).json().data.challengeReason,
    ).toBe('UPDATE_AK_IP');
  });

  it('limits the keys per account', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers } = await signedInUser(t);
    for (let i = 0; i < 5; i++) expect((await post(headers, 'create-ak')).json().code).toBe('200');
    expect((await post(headers, 'create-ak')).json().code).toBe('Account.AccessKeyLimit');
    const check = await t.app.inject({ method: 'GET', url: '/api/account-manage/check-can-create-ak', headers });
    expect(check.json().data).toMatchObject({ canCreate: false, reason: 'KEY_LIMIT_REACHED', keyCount: 5 });
  });

  it('checks the secret before the per-key limit, and limits failed Bearer attempts per IP', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers } = await signedInUser(t);
    const { keyId, secret } = (await post(headers, 'create-ak')).json().data;
    const wrong = `${keyId}.${'B'.repeat(43)}`;
    // More wrong secrets than the key's allowance (600 a minute), spread over IPs below their own limit:
    // knowing the key id does not use up the key.
    const attempts = Array.from({ length: 625 }, (_, i) => `198.18.${Math.floor(i / 25)}.${(i % 25) + 1}`);
    for (let i = 0; i < attempts.length; i += 25) {
      const batch = await Promise.all(attempts.slice(i, i + 25).map((ip) => bearer(wrong, { remoteAddress: ip })));
      for (const res of batch) expect(res.json().code).toBe('Account.Unauthorized');
    }
    expect((await bearer(`${keyId}.${secret}`, { remoteAddress: '198.18.200.1' })).json().code).toBe('200');

    // One IP: 30 failures, then 429 — even for a right key, until the window ends.
    for (let i = 0; i < 30; i++) {
      expect((await bearer(wrong, { remoteAddress: '198.19.0.1' })).statusCode).toBe(401);
    }
    const blocked = await bearer(wrong, { remoteAddress: '198.19.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'Request.TooManyRequests',
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await bearer(`${keyId}.${secret}`, { remoteAddress: '198.19.0.1' })).statusCode).toBe(429);
    expect((await bearer(`${keyId}.${secret}`, { remoteAddress: '198.19.0.2' })).json().code).toBe('200');
  });

  it('refuses API keys on every /account-manage/* route (account, security and profile alike)', async () => {
    inputs.mockResolvedValue(ELIGIBLE);
    const { headers } = await signedInUser(t);
    const { keyId, secret } = (await post(headers, 'create-ak')).json().data;
    const authorization = `Bearer ${keyId}.${secret}`;
    const viaKey = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
    for (const [method, url, payload] of [
      ['GET', '/api/account-manage/sessions', undefined],
      ['POST', '/api/account-manage/change-password', { oldPassword: 'Passw0rd!x', password: 'Other-Pass-9' }],
      ['POST', '/api/account-manage/revoke-session', { sessionId: '1' }],
      ['GET', '/api/account-manage/get-security-info', undefined],
    ] as const) {
      const res = await viaKey(method, url, payload);
      expect(res.json().code, url).toBe('Account.Forbidden');
    }
    // Other /api routes still work with the key.
    expect((await viaKey('GET', '/api/test/whoami')).json().code).toBe('200');
  });
});
