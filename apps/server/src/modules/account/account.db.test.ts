import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { captchaSolutions, passwordResets } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { countUsers, findUserByEmail, insertPasswordReset } from './account.repository.ts';
import { createUser, ensureAdmin, newAccountNo, SESSION_COOKIES } from './account.service.ts';
import { findThrottles, lockThrottle, saveThrottle } from './login-throttle.repository.ts';
import { findSessionByTokenHash, insertSession } from './session.repository.ts';
import { findLatestCode, findLock, insertCaptchaSolution, insertCode, upsertLock } from './verification.repository.ts';

describe.each(enginesFor('app'))('account module (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/account/check-login answers signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/check-login' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '200', data: { accountNo: '', nickname: '' } });
  });

  it('GET /api/account/logout clears the session cookies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/logout',
      // A same-origin fetch, as the browser marks it (a cross-site one is refused: account.csrf.db.test.ts).
      headers: { cookie: `${SESSION_COOKIES.access}=a; ${SESSION_COOKIES.refresh}=b`, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '200', data: null });
    for (const [name, path] of [
      ['nb_at', '/'],
      ['nb_rt', '/api/account'],
    ]) {
      const cookie = res.cookies.find((c) => c.name === name);
      expect(cookie?.value).toBe('');
      expect(cookie?.path).toBe(path);
      expect(cookie?.httpOnly).toBe(true);
      expect(new Date(cookie!.expires!).getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('createUser hashes with argon2id and allocates an NB account number', async () => {
    const { db, clock } = t.app.platform;
    const user = await createUser(db, clock, {
      email: '  Buyer@Example.COM ',
      password: 'Passw0rd!x',
      nickname: 'buyer',
      role: 'user',
    });
    expect(user.email).toBe('buyer@example.com');
    expect(user.accountNo).toMatch(/^NB[1-9]\d{7}$/);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(user.passwordHash, 'Passw0rd!x')).toBe(true);
    expect(user.createdAt.toISOString()).toBe(clock.now().toISOString());
    expect((await findUserByEmail(db, 'buyer@example.com'))?.id).toBe(user.id);

    const again = createUser(db, clock, { email: 'buyer@example.com', password: 'x'.repeat(10), nickname: 'b' });
    await expect(again).rejects.toBeInstanceOf(AppError);
    await expect(again).rejects.toMatchObject({ code: 'Account.EmailRegistered' });
  });

  it('ensureAdmin creates the operator once', async () => {
    const { db, clock } = t.app.platform;
    const before = await countUsers(db);
    const first = await ensureAdmin(db, clock, { email: 'root@example.com', password: 'Root-Pass-1' });
    expect(first).toMatchObject({ created: true, user: { role: 'admin', email: 'root@example.com' } });
    const second = await ensureAdmin(db, clock, { email: 'ROOT@example.com', password: 'other' });
    expect(second.created).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(await countUsers(db)).toBe(before + 1);
  });

  it('the sweeper deletes expired codes, locks, captcha solutions, resets, sessions and throttle rows', async () => {
    const { db, clock, sweeper } = t.app.platform;
    const now = clock.now();
    const past = new Date(now.getTime() - 1000);
    const user = await createUser(db, clock, { email: 'sweep@example.com', password: 'Passw0rd!x', nickname: 's' });
    const scene = 'REGISTER_BY_EMAIL';
    for (const [tag, expiresAt] of [
      ['old', past],
      ['new', new Date(now.getTime() + 3600_000)],
    ] as const) {
      await insertSession(db, {
        id: randomUUID(),
        userId: user.id,
        familyId: randomUUID(),
        tokenHash: `sweep-${tag}`,
        status: 'active',
        createdAt: past,
        lastUsedAt: past,
        expiresAt,
      });
      const target = `${tag}@sweep.test`;
      await insertCode(db, { scene, target, codeHash: 'h', attemptsLeft: 5, createdAt: past, expiresAt });
      await upsertLock(db, scene, target, expiresAt);
      await insertCaptchaSolution(db, { challenge: `sweep-${tag}`, createdAt: past, expiresAt });
      await insertPasswordReset(db, { tokenHash: `sweep-${tag}`, userId: user.id, createdAt: past, expiresAt });
      await saveThrottle(db, { ...(await lockThrottle(db, `ip:sweep-${tag}`, past)), expiresAt });
    }
    await sweeper.runOnce();
    const left = async (tag: string) => ({
      session: (await findSessionByTokenHash(db, `sweep-${tag}`)) !== undefined,
      code: (await findLatestCode(db, scene, `${tag}@sweep.test`)) !== undefined,
      lock: (await findLock(db, scene, `${tag}@sweep.test`)) !== undefined,
      captcha:
        (
          await db
            .select()
            .from(captchaSolutions)
            .where(eq(captchaSolutions.challenge, `sweep-${tag}`))
        ).length > 0,
      reset:
        (
          await db
            .select()
            .from(passwordResets)
            .where(eq(passwordResets.tokenHash, `sweep-${tag}`))
        ).length > 0,
      throttle: (await findThrottles(db, [`ip:sweep-${tag}`])).length > 0,
    });
    const all = (value: boolean) => ({
      session: value,
      code: value,
      lock: value,
      captcha: value,
      reset: value,
      throttle: value,
    });
    expect(await left('old')).toEqual(all(false));
    expect(await left('new')).toEqual(all(true));
  });
});

describe('account numbers', () => {
  it('are NB and 8 digits', () => {
    for (let i = 0; i < 200; i++) expect(newAccountNo()).toMatch(/^NB[1-9]\d{7}$/);
  });
});
