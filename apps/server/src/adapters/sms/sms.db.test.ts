import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { outboxSuite } from '../outbox/outbox.test-support.ts';
import { createSmsSender, smsSimulatorOf } from './sms.ts';
import { renderSms } from './templates.ts';

describe('renderSms', () => {
  it('renders the verification code in both languages', () => {
    expect(renderSms('verification-code', 'zh-CN', { code: '123456', minutes: 5 })).toBe(
      '【NameBourse】您的验证码是123456，5分钟内有效。请勿泄露给他人。',
    );
    expect(renderSms('verification-code', 'en-US', { code: '123456', minutes: 5 })).toContain('code is 123456');
  });
});

describe.each(enginesFor('sql'))('SMS simulator on %s', (engine) => {
  const t = outboxSuite(engine);

  it('accepts at once, delivers asynchronously, and the outbox shows the code', async () => {
    const sms = createSmsSender(t.outbox, { deliveryDelayMs: 20 });
    const sim = smsSimulatorOf(sms)!;
    const { messageId } = await sms.send({ to: '+8613811112222', text: 'code 246810', code: '246810' });
    expect(messageId).toMatch(/^SM[0-9a-f]{24}$/);
    expect(sim.status(messageId)).toBe('accepted');
    expect((await t.outbox.listRecords('+8613811112222'))[0]).toMatchObject({ status: 'queued', code: '246810' });
    // Visible to the dev tools from acceptance on.
    expect((await t.outbox.listFor('+8613811112222'))[0]).toMatchObject({
      channel: 'sms',
      body: 'code 246810',
      code: '246810',
    });

    await sim.settle();
    expect(sim.status(messageId)).toBe('delivered');
    expect((await t.outbox.listRecords('+8613811112222'))[0]).toMatchObject({ status: 'sent' });
  });

  it('refuses numbers that are not E.164', async () => {
    const sms = createSmsSender(t.outbox);
    await expect(sms.send({ to: '13811112222', text: 'x' })).rejects.toMatchObject({
      code: 'Verification.MobileInvalid',
    });
    await expect(sms.send({ to: '+0123456789', text: 'x' })).rejects.toMatchObject({
      code: 'Verification.MobileInvalid',
    });
  });

  it('failNext(n) refuses the next n sends and records them as failed', async () => {
    const sms = createSmsSender(t.outbox);
    const sim = smsSimulatorOf(sms)!;
    sim.failNext(2);
    for (const code of ['1', '2']) {
      await expect(sms.send({ to: '+8613833334444', text: `code ${code}`, code })).rejects.toMatchObject({
        code: 'Verification.SendFailed',
      });
    }
    await sms.send({ to: '+8613833334444', text: 'code 3', code: '3' });
    await sim.settle();
    const records = await t.outbox.listRecords('+8613833334444');
    expect(records.map((r) => [r.code, r.status])).toEqual([
      ['3', 'sent'],
      ['2', 'failed'],
      ['1', 'failed'],
    ]);
    expect((await t.outbox.listFor('+8613833334444')).map((m) => m.code)).toEqual(['3']);
  });

  it('failWhen(rule) refuses matching numbers until removed; reset() forgets every rule', async () => {
    const sms = createSmsSender(t.outbox);
    const sim = smsSimulatorOf(sms)!;
    const stop = sim.failWhen('+8613855556666');
    sim.failWhen(/^\+1/);
    await expect(sms.send({ to: '+8613855556666', text: 'a' })).rejects.toMatchObject({
      code: 'Verification.SendFailed',
    });
    await expect(sms.send({ to: '+14155550100', text: 'b' })).rejects.toMatchObject({
      code: 'Verification.SendFailed',
    });
    await expect(sms.send({ to: '+8613855557777', text: 'c' })).resolves.toHaveProperty('messageId');
    stop();
    await expect(sms.send({ to: '+8613855556666', text: 'd' })).resolves.toHaveProperty('messageId');
    await expect(sms.send({ to: '+14155550100', text: 'e' })).rejects.toMatchObject({
      code: 'Verification.SendFailed',
    });
    sim.reset();
    await expect(sms.send({ to: '+14155550100', text: 'f' })).resolves.toHaveProperty('messageId');
    await sim.settle();
    expect((await t.outbox.listRecords('+14155550100')).map((r) => [r.body, r.status])).toEqual([
      ['f', 'sent'],
      ['e', 'failed'],
      ['b', 'failed'],
    ]);
  });
});
