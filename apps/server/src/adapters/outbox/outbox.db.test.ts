import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { outboxSuite } from './outbox.test-support.ts';
import { normalisePhone, Outbox } from './outbox.ts';

describe('normalisePhone', () => {
  it('files numbers in E.164 form', () => {
    expect(normalisePhone('+8613812345678')).toBe('+8613812345678');
    expect(normalisePhone(' 8613812345678')).toBe('+8613812345678');
    expect(normalisePhone('+86 138-1234-5678')).toBe('+8613812345678');
    expect(normalisePhone('008613812345678')).toBe('+8613812345678');
    expect(normalisePhone('+1 (415) 555.0100')).toBe('+14155550100');
  });
});

describe.each(enginesFor('sql'))('Outbox on %s', (engine) => {
  const t = outboxSuite(engine);

  it('lists the messages to an e-mail address, newest first, case-insensitively', async () => {
    await t.outbox.store({
      channel: 'email',
      recipient: 'Alice@Example.com',
      subject: 'one',
      body: 'b1',
      code: '111111',
      status: 'stored',
    });
    t.clock.advance(1);
    await t.outbox.store({
      channel: 'email',
      recipient: 'alice@example.com',
      subject: 'two',
      body: 'b2',
      status: 'sent',
    });
    // Same clock time: the later insert still comes first.
    await t.outbox.store({
      channel: 'email',
      recipient: 'ALICE@example.com',
      subject: 'three',
      body: 'b3',
      code: '333333',
      status: 'stored',
    });
    await t.outbox.store({
      channel: 'email',
      recipient: 'bob@example.com',
      subject: 'other',
      body: 'x',
      status: 'stored',
    });

    const items = await t.outbox.listFor('alice@EXAMPLE.com');
    expect(items.map((m) => m.subject)).toEqual(['three', 'two', 'one']);
    expect(items[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'ALICE@example.com',
      subject: 'three',
      body: 'b3',
      code: '333333',
      createdAt: '2026-01-05T00:00:01.000Z',
    });
    expect(items[2]?.code).toBe('111111');
    expect(items[1]?.code).toBeNull();
    expect(await t.outbox.listFor('alice@EXAMPLE.com', 1)).toHaveLength(1);
    expect(await t.outbox.listFor('nobody@example.com')).toEqual([]);
  });

  it('lists SMS by E.164 number and keeps failed sends out of listFor', async () => {
    await t.outbox.store({
      channel: 'sms',
      recipient: '+8613800000001',
      body: 'code 123456',
      code: '123456',
      status: 'queued',
    });
    const { id } = await t.outbox.store({
      channel: 'sms',
      recipient: '+8613800000001',
      body: 'code 654321',
      code: '654321',
      status: 'queued',
    });
    await t.outbox.setStatus(id, 'failed', 'undeliverable');
    await t.outbox.store({ channel: 'sms', recipient: '+8613800000002', body: 'other', status: 'queued' });

    const items = await t.outbox.listFor('+8613800000001');
    expect(items.map((m) => m.code)).toEqual(['123456']);
    expect(items[0]).toMatchObject({ channel: 'sms', to: '+8613800000001', subject: null });
    // An unencoded '+' in a query string arrives as a space.
    expect(await t.outbox.listFor(' 8613800000001')).toEqual(items);

    const records = await t.outbox.listRecords('+8613800000001');
    expect(records.map((r) => [r.code, r.status, r.error])).toEqual([
      ['654321', 'failed', 'undeliverable'],
      ['123456', 'queued', null],
    ]);
    // An e-mail lookup never returns SMS and vice versa.
    expect(await t.outbox.listFor('8613800000001@example.com')).toEqual([]);
  });

  it('keeps no one-time codes when told to redact them (production)', async () => {
    const redacting = new Outbox(t.db, t.clock, { redactCodes: true });
    await redacting.store({
      channel: 'email',
      recipient: 'secret@example.com',
      subject: 'Your code',
      body: 'Your verification code is 482913. It expires in 10 minutes.',
      code: '482913',
      status: 'sent',
    });
    const [message] = await t.outbox.listFor('secret@example.com');
    expect(message?.code).toBeNull();
    expect(message?.body).toBe('Your verification code is ******. It expires in 10 minutes.');
  });
});
