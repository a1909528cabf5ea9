import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enginesFor, type TestContext } from '../../../test/helpers.ts';
import { otherRegistrar, requireSimulator } from '../../adapters/registrar/simulator.ts';
import { buildMoneyTestApp, sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import { getContactInfo } from '../profile/profile.service.ts';
import { bindAuthenticatorFor } from '../security/security.test-support.ts';
import { findTransfer } from './domain-transfers.repository.ts';
import { findDomainByName, findPendingOperation, listDomainOperations, updateDomainIf } from './domains.repository.ts';
import { deliverDomain } from './domains.service.ts';
import { HOME_REGISTRAR, transferCodeHash } from './domains.transfer.ts';

const EN = { 'accept-language': 'en-US' };
const DAY = 86_400_000;
const MINUTE = 60_000;

type Who = { user: { id: bigint }; headers: Record<string, string> };

describe.each(enginesFor('sql'))('transfers out and in (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sim = () => requireSimulator(t.app.platform.registrar);
  let seq = 0;
  /** A domain delivered `heldDays` ago (61: past the transfer-out wait), its lock open unless told. */
  async function give(userId: bigint, options: { heldDays?: number; lock?: 'open' | 'closed' } = {}) {
    seq += 1;
    const name = `xfer${seq}-${engine}-${Date.now().toString(36)}.com`;
    const now = t.clock.now();
    const row = await t.app.platform.db.transaction((tx) =>
      deliverDomain(tx, {
        userId,
        domain: name,
        registrar: 'GoDaddy',
        registeredAt: new Date(now.getTime() - 400 * DAY),
        expiresAt: new Date(now.getTime() + 300 * DAY),
        orderId: `OX${seq}${engine}`,
        now: new Date(now.getTime() - (options.heldDays ?? 61) * DAY),
      }),
    );
    if ((options.lock ?? 'open') === 'open') {
      await updateDomainIf(t.app.platform.db, row.id, {}, { lockStatus: 'open' });
    }
    return name;
  }
  const post = (who: Who, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...EN }, payload });
  const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...EN } });
  const code = (who: Who, name: string) => post(who, `/api/domains/${name}/transfer-code`);
  const domainRow = (name: string) => findDomainByName(t.app.platform.db, name);
  const transfers = async (who: Who, query = '') => (await get(who, `/api/domains/transfers${query}`)).json().data;
  const kinds = async (who: Who) =>
    ((await get(who, '/api/messages')).json().data.items as { kind: string; body: string }[]).map((m) => m.kind);
  /** Moves the clock, sweeps, and signs the user in again (access tokens are short-lived). */
  async function sweepAfter(ms: number, who?: Who) {
    t.clock.advance(ms / 1000);
    await t.app.platform.sweeper.runOnce();
    if (who) who.headers = await sessionHeaders(t, who.user.id);
  }

  it('issues the code once, hashed and mailed, and refuses before the wait, with the lock on, listed or too soon', async () => {
    const who = await signIn(t);
    const fresh = await give(who.user.id, { heldDays: 10 });
    const early = await code(who, fresh);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'Domain.TransferNotAllowedYet' });
    expect(new Date(early.json().data.allowedFrom).getTime()).toBe(t.clock.now().getTime() + 50 * DAY);

    const locked = await give(who.user.id, { lock: 'closed' });
    expect((await code(who, locked)).json()).toMatchObject({
      code: 'Domain.TransferCodeFailed',
      data: { reason: 'locked' },
    });
    const listed = await give(who.user.id);
    const listedRow = await domainRow(listed);
    await updateDomainIf(t.app.platform.db, listedRow!.id, {}, { listed: true });
    expect((await code(who, listed)).json().data).toMatchObject({ reason: 'listed' });
    const other = await signIn(t);
    expect((await code(other, listed)).json().code).toBe('Domain.NotFound');

    const name = await give(who.user.id);
    const res = await code(who, name);
    expect(res.statusCode).toBe(200);
    const { authCode, expiresAt, transferId } = res.json().data;
    expect(authCode).toMatch(/^\S{6,32}$/);
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + 14 * DAY);

    const row = await domainRow(name);
    expect(row).toMatchObject({ status: 'transferring_out', pendingOperation: 'transfer_out' });
    expect(row?.authCodeHash).toBe(transferCodeHash(t.app.platform.config.appSecret, name, authCode));
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(authCode);
    const ops = await listDomainOperations(t.app.platform.db, row!.id);
    expect(ops.map((o) => o.kind)).toEqual(['transfer_out']);
    expect(ops[0]?.params).not.toContain(authCode);

    const { email } = await getContactInfo(t.app, who.user.id);
    const mail = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json()
      .data.items[0];
    expect(mail.subject).toBe(`Transfer code for ${name}`);
    expect(mail.body).toContain(authCode);
    expect(await kinds(who)).toContain('transfer_code_ready');

    const list = await transfers(who);
    expect(list.items[0]).toMatchObject({
      transferId,
      domain: name,
      direction: 'out',
      kind: 'standard',
      status: 'pending',
      fromRegistrar: 'GoDaddy',
      toRegistrar: null,
      authCodeExpiresAt: expiresAt,
      cancelRequested: false,
    });
    expect((await transfers(other)).total).toBe(0);

    // Re-request: too soon, then a new code that replaces the old one on the same pending transfer.
    t.clock.advance(60);
    const soon = await code(who, name);
    expect(soon.json()).toMatchObject({ code: 'Domain.TransferCodeFailed', data: { reason: 'too_soon' } });
    expect(soon.json().data.retryAfterSeconds).toBe(240);
    t.clock.advance(5 * 60);
    who.headers = await sessionHeaders(t, who.user.id);
    const again = (await code(who, name)).json().data;
    expect(again.authCode).not.toBe(authCode);
    expect(again.transferId).toBe(transferId);
    const reissued = await domainRow(name);
    expect(reissued?.authCodeHash).toBe(transferCodeHash(t.app.platform.config.appSecret, name, again.authCode));
    expect(reissued?.authCodeHash).not.toBe(row?.authCodeHash);
    const after = await transfers(who, '?status=pending');
    expect(after.total).toBe(1);
    expect(after.items[0].authCodeExpiresAt).toBe(again.expiresAt);
    expect((await listDomainOperations(t.app.platform.db, row!.id)).map((o) => o.kind)).toEqual(['transfer_out']);
  });

  it('two requests at once: one code, the other refused too_soon (no second code invalidates the first)', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    const asked = vi.spyOn(sim(), 'requestAuthCode');
    const answers = await Promise.all([code(who, name), code(who, name)]);
    // The registrar issued one code only: a second would have invalidated the one shown.
    expect(asked.mock.calls.filter(([domain]) => domain === name)).toHaveLength(1);
    asked.mockRestore();
    const codes = answers.map((r) => r.json());
    expect(codes.map((c) => c.code).sort()).toEqual(['200', 'Domain.TransferCodeFailed']);
    const issued = codes.find((c) => c.code === '200').data;
    expect(codes.find((c) => c.code !== '200').data.reason).toBe('too_soon');
    expect((await domainRow(name))?.authCodeHash).toBe(
      transferCodeHash(t.app.platform.config.appSecret, name, issued.authCode),
    );
    expect((await transfers(who)).total).toBe(1);
  });

  it('a registrar that cannot issue the code changes nothing and does not hold the next request back', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    sim().steer(name, { fail: true });
    expect((await code(who, name)).json()).toMatchObject({
      code: 'Domain.TransferCodeFailed',
      data: { reason: 'registrar_unavailable' },
    });
    expect(await domainRow(name)).toMatchObject({ status: 'normal', authCodeIssuedAt: null });
    sim().steer(name, { fail: false });
    expect((await code(who, name)).statusCode).toBe(200);
  });

  it('asks for MFA when the user has a second factor', async () => {
    const who = await signIn(t);
    await bindAuthenticatorFor(t, who.headers);
    const name = await give(who.user.id);
    const res = await code(who, name);
    expect(res.json().code).toBe('Account.Mfa.Required');
    expect((await domainRow(name))?.status).toBe('normal');
  });

  it('completes a standard transfer out: the domain leaves My domains', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    sim().steer(name, { latencySeconds: 2 * 86_400 });
    await code(who, name);
    await sweepAfter(2 * DAY + 1000, who);
    expect((await get(who, `/api/domains/${name}`)).json().code).toBe('Domain.NotFound');
    expect((await transfers(who)).items[0]).toMatchObject({
      status: 'completed',
      toRegistrar: otherRegistrar(name, 'gaining'),
    });
    expect(await kinds(who)).toContain('transfer_out_completed');
  });

  it('fast transfer: only while transferring out, after the safety checks; success completes it', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    const fast = (registrar = 'Dynadot') => post(who, `/api/domains/${name}/fast-transfer`, { registrar });
    expect((await fast()).json()).toMatchObject({
      code: 'Domain.FastTransferFailed',
      data: { reason: 'not_transferring_out' },
    });
    expect((await fast('Nobody Registrar')).json().code).toBe('Request.Invalid');
    sim().steer(name, { latencySeconds: 30 * 86_400 });
    await code(who, name);
    sim().steer(name, { latencySeconds: 60 });
    const row = await domainRow(name);
    await updateDomainIf(t.app.platform.db, row!.id, {}, { disputed: true });
    expect((await fast()).json().data).toMatchObject({ reason: 'dispute' });
    // The registrar it is at already (the domain's registrar is GoDaddy here).
    expect((await fast('GoDaddy')).json()).toMatchObject({
      code: 'Domain.FastTransferFailed',
      data: { reason: 'same_registrar' },
    });
    await updateDomainIf(t.app.platform.db, row!.id, {}, { disputed: false, listed: true });
    expect((await fast()).json().data).toMatchObject({ reason: 'listed' });
    await updateDomainIf(t.app.platform.db, row!.id, {}, { listed: false });

    const ok = await fast();
    expect(ok.json()).toMatchObject({ code: '200', data: { status: 'transferring_out' } });
    expect((await fast()).json().data).toMatchObject({ reason: 'in_progress' });
    expect((await transfers(who)).items[0]).toMatchObject({ kind: 'fast', toRegistrar: 'Dynadot', status: 'pending' });

    await sweepAfter(2 * MINUTE, who);
    expect(await domainRow(name)).toBeUndefined();
    expect((await transfers(who)).items[0]).toMatchObject({
      kind: 'fast',
      status: 'completed',
      toRegistrar: 'Dynadot',
    });
    // The standard transfer's own operation is closed: a late answer cannot act on it.
    const transferId = BigInt((await transfers(who)).items[0].transferId);
    const stillPending = await findPendingOperation(t.app.platform.db, { transferId, kind: 'transfer_out' });
    expect(stillPending).toBeUndefined();
    expect(await kinds(who)).toContain('transfer_out_completed');
  });

  it('fast transfer refused once the code expired; a failed push leaves the standard transfer pending', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    sim().steer(name, { latencySeconds: 30 * 86_400 });
    await code(who, name);
    sim().steer(name, { latencySeconds: 60, failOperations: 'partner refused the push' });
    const fast = () => post(who, `/api/domains/${name}/fast-transfer`, { registrar: 'Namecheap' });
    expect((await fast()).statusCode).toBe(200);
    await sweepAfter(2 * MINUTE, who);
    expect((await transfers(who)).items[0]).toMatchObject({ kind: 'standard', status: 'pending', toRegistrar: null });
    const messages = (await get(who, '/api/messages')).json().data.items as { kind: string; body: string }[];
    expect(messages[0]?.kind).toBe('transfer_out_failed');
    expect(messages[0]?.body).toContain('partner refused the push');
    expect((await domainRow(name))?.status).toBe('transferring_out');

    t.clock.advance(14 * 86_400);
    who.headers = await sessionHeaders(t, who.user.id);
    expect((await fast()).json().data).toMatchObject({ reason: 'code_expired' });
  });

  it('cancels a transfer out: cancelled, the domain back with its code cleared; a failed cancel continues it', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    const cancel = () => post(who, `/api/domains/${name}/cancel-transfer`);
    expect((await cancel()).json()).toMatchObject({
      code: 'Domain.CancelTransferFailed',
      data: { reason: 'no_pending_transfer' },
    });
    sim().steer(name, { latencySeconds: 30 * 86_400 });
    const first = (await code(who, name)).json().data;

    // A failing cancel: the flag clears, the transfer stays pending.
    sim().steer(name, { latencySeconds: 60, failOperations: 'registry busy' });
    expect((await cancel()).json()).toMatchObject({ code: '200', data: { transferId: first.transferId } });
    expect((await cancel()).json().data).toMatchObject({ reason: 'in_progress' });
    expect((await transfers(who)).items[0]).toMatchObject({ cancelRequested: true });
    await sweepAfter(2 * MINUTE, who);
    expect((await transfers(who)).items[0]).toMatchObject({ status: 'pending', cancelRequested: false });
    const said = (await get(who, '/api/messages')).json().data.items[0] as { kind: string; body: string };
    expect(said.kind).toBe('transfer_out_cancel_failed');
    expect(said.body).toContain('registry busy');
    const row = await domainRow(name);
    const ops = await listDomainOperations(t.app.platform.db, row!.id);
    expect(ops[0]).toMatchObject({ kind: 'cancel_transfer', status: 'failed', reason: 'registrar: registry busy' });
    expect((await domainRow(name))?.status).toBe('transferring_out');
  });

  it('cancel success returns the domain and closes the transfer-out operation', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    sim().steer(name, { latencySeconds: 30 * 86_400 });
    const first = (await code(who, name)).json().data;
    sim().steer(name, { latencySeconds: 60 });
    expect((await post(who, `/api/domains/${name}/cancel-transfer`)).statusCode).toBe(200);
    await sweepAfter(2 * MINUTE, who);
    expect((await transfers(who)).items[0]).toMatchObject({
      transferId: first.transferId,
      status: 'cancelled',
      reason: 'cancelled',
      cancelRequested: false,
    });
    const row = await domainRow(name);
    expect(row).toMatchObject({
      status: 'normal',
      pendingOperation: null,
      authCodeHash: null,
      authCodeExpiresAt: null,
    });
    const ops = await listDomainOperations(t.app.platform.db, row!.id);
    expect(ops.find((o) => o.kind === 'transfer_out')).toMatchObject({ status: 'failed', reason: 'cancelled' });
    expect(await kinds(who)).toContain('transfer_out_cancelled');
    // A new request opens a new transfer.
    const second = (await code(who, name)).json().data;
    expect(second.transferId).not.toBe(first.transferId);
  });

  it('a transfer that completes before the cancel answers leaves nothing to cancel', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    sim().steer(name, { latencySeconds: 60 });
    await code(who, name);
    const row = await domainRow(name);
    sim().steer(name, { latencySeconds: 120 });
    expect((await post(who, `/api/domains/${name}/cancel-transfer`)).statusCode).toBe(200);
    await sweepAfter(3 * MINUTE, who);
    expect((await transfers(who)).items[0]).toMatchObject({ status: 'completed', cancelRequested: false });
    expect(await domainRow(name)).toBeUndefined();
    const ops = await listDomainOperations(t.app.platform.db, row!.id);
    expect(ops.find((o) => o.kind === 'cancel_transfer')).toMatchObject({
      status: 'failed',
      reason: 'no_pending_transfer',
    });
    expect(await kinds(who)).not.toContain('transfer_out_cancelled');
  });

  it('a code that expires fails the transfer (code_expired) and returns the domain', async () => {
    const who = await signIn(t);
    const name = await give(who.user.id);
    sim().steer(name, { latencySeconds: 30 * 86_400 });
    const { transferId } = (await code(who, name)).json().data;
    await sweepAfter(14 * DAY - 1000, who);
    expect((await findTransfer(t.app.platform.db, BigInt(transferId)))?.status).toBe('pending');
    await sweepAfter(2000, who);
    expect((await transfers(who)).items[0]).toMatchObject({ transferId, status: 'failed', reason: 'code_expired' });
    const row = await domainRow(name);
    expect(row).toMatchObject({ status: 'normal', pendingOperation: null, authCodeHash: null });
    const ops = await listDomainOperations(t.app.platform.db, row!.id);
    expect(ops[0]).toMatchObject({ kind: 'transfer_out', status: 'failed', reason: 'code_expired' });
    expect(await kinds(who)).toContain('transfer_out_failed');
  });

  it('transfers a domain in: refusals, a wrong code fails, a good one lands in My domains', async () => {
    const who = await signIn(t);
    const other = await signIn(t);
    const mine = await give(who.user.id);
    const theirs = await give(other.user.id);
    const transferIn = (domain: string, authCode = 'Good-Code-123') =>
      post(who, '/api/domains/transfer-in', { domain, authCode });
    expect((await transferIn(mine)).json().data).toMatchObject({ reason: 'already_held' });
    expect((await transferIn(theirs)).json().data).toMatchObject({ reason: 'held_by_other' });
    expect((await transferIn('x.com', 'short')).json().code).toBe('Request.Invalid');
    const bad = await transferIn('not a domain');
    expect(bad.json()).toMatchObject({ code: 'Request.Invalid' });
    expect(bad.json().data.fields.domain).toBeTruthy();

    const name = `incoming-${engine}-${Date.now().toString(36)}.io`;
    const started = await transferIn(name);
    expect(started.json()).toMatchObject({
      code: '200',
      data: { domain: name, direction: 'in', status: 'pending', fromRegistrar: null },
    });
    expect((await transferIn(name)).json()).toMatchObject({
      code: 'Domain.TransferInFailed',
      data: { reason: 'transfer_pending' },
    });
    await sweepAfter(10 * MINUTE, who);
    const landed = (await get(who, `/api/domains/${name}`)).json().data;
    expect(landed).toMatchObject({
      name,
      status: 'normal',
      lockStatus: 'closed',
      orderId: null,
      registrar: HOME_REGISTRAR,
    });
    expect(new Date(landed.transferOutAllowedFrom).getTime()).toBe(t.clock.now().getTime() + 60 * DAY);
    expect((await transfers(who, '?direction=in')).items[0]).toMatchObject({
      domain: name,
      status: 'completed',
      fromRegistrar: otherRegistrar(name, 'losing'),
    });
    expect(await kinds(who)).toContain('transfer_in_completed');
    const found = await transfers(who, `?keyword=${encodeURIComponent(`INCOMING-${engine}`)}`);
    expect(found.items.map((x: { domain: string }) => x.domain)).toEqual([name]);
    expect((await transfers(who, '?keyword=100%25_')).total).toBe(0);

    const wrong = `wrong-${engine}-${Date.now().toString(36)}.io`;
    await transferIn(wrong, 'WRONGCODE');
    await sweepAfter(10 * MINUTE, who);
    expect((await transfers(who, '?direction=in&status=failed')).items[0]).toMatchObject({
      domain: wrong,
      reason: 'wrong_code',
    });
    expect(await domainRow(wrong)).toBeUndefined();
    expect(await kinds(who)).toContain('transfer_in_failed');
  });
});
