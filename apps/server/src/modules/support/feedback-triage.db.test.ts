import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { auditTrail } from '../admin/audit.service.ts';
import { buildMoneyTestApp, type SignedIn, sessionHeaders, signIn } from '../orders/orders.test-support.ts';

const EN = { 'accept-language': 'en-US' };
let ip = 10;

describe.each(enginesFor('app'))('contact-us triage (%s)', (engine) => {
  let t: TestContext;
  let user: SignedIn;
  let support: SignedIn;
  let finance: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await buildMoneyTestApp(engine);
    user = await signIn(t);
    support = await signIn(t, 'support');
    finance = await signIn(t, 'finance');
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Access tokens are short-lived: sign in again after moving the clock. */
  const refreshSessions = async () => {
    for (const who of [user, support, finance, admin]) who.headers = await sessionHeaders(t, who.user.id);
  };

  const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(who?.headers ?? {}), ...EN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Sends the contact form (as a visitor, or signed in); returns the message's number. */
  const submit = async (
    fields: { name: string; email: string; category: string; content: string },
    options: { locale?: string; who?: SignedIn } = {},
  ) => {
    ip += 1;
    const headers = options.who ? options.who.headers : await csrfHeaders(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/general/service/feedback',
      remoteAddress: `198.51.100.${ip}`,
      headers: { ...headers, 'accept-language': options.locale ?? 'en-US' },
      payload: fields,
    });
    expect(res.json().code, res.body).toBe('200');
    return res.json().data.feedbackId as string;
  };

  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json().data.items as {
      subject: string;
      body: string;
    }[];

  it('is for support staff and admins', async () => {
    const id = await submit({
      name: 'Role',
      email: 'role@example.com',
      category: 'other',
      content: 'Checking roles here.',
    });
    const routes: { method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
      { method: 'GET', url: '/admin/feedback' },
      { method: 'GET', url: `/admin/feedback/${id}` },
    ];
    for (const route of routes) {
      expect((await call(null, route.method, route.url)).statusCode).toBe(401);
      for (const who of [user, finance]) {
        const res = await call(who, route.method, route.url);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('Account.Forbidden');
      }
      for (const who of [support, admin]) expect((await call(who, route.method, route.url)).json().code).toBe('200');
    }
    for (const who of [user, finance]) {
      const reply = await call(who, 'POST', `/admin/feedback/${id}/reply`, { body: 'Not mine to answer' });
      expect(reply.statusCode).toBe(403);
      expect((await call(who, 'POST', `/admin/feedback/${id}/close`)).statusCode).toBe(403);
    }
    expect(await outbox('role@example.com')).toEqual([]);
  });

  it('queues open messages oldest first with their age, filters them, and keeps a signed-in sender', async () => {
    const first = await submit(
      { name: '李雷', email: 'lilei@example.com', category: 'payment', content: '充值之后余额没有变化，请帮忙查看。' },
      { locale: 'zh-CN' },
    );
    t.clock.advance(25 * 3600);
    await refreshSessions();
    const second = await submit(
      { name: 'Signed In', email: 'member@example.com', category: 'account', content: 'Please help with my account.' },
      { who: user },
    );

    const queue = await call(support, 'GET', '/admin/feedback?pageSize=100');
    const items = queue.json().data.items as { id: string; ageSeconds: number; overdue: boolean }[];
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(items.find((i) => i.id === first)).toMatchObject({ ageSeconds: 25 * 3600, overdue: true, status: 'open' });
    expect(items.find((i) => i.id === second)).toMatchObject({
      ageSeconds: 0,
      overdue: false,
      userAccountNo: user.user.accountNo,
      replyCount: 0,
    });

    const byCategory = await call(support, 'GET', '/admin/feedback?category=payment&status=all&pageSize=100');
    expect(byCategory.json().data.items.map((i: { id: string }) => i.id)).toContain(first);
    expect(byCategory.json().data.items.map((i: { id: string }) => i.id)).not.toContain(second);
    const bySearch = await call(support, 'GET', '/admin/feedback?q=MEMBER@example');
    expect(bySearch.json().data.items.map((i: { id: string }) => i.id)).toEqual([second]);

    const bad = await call(support, 'GET', '/admin/feedback?status=pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('Request.Invalid');
  });

  it('e-mails a reply in the sender’s language, keeps it with the message and marks it replied', async () => {
    const id = await submit(
      { name: '韩梅梅', email: 'hanmeimei@example.com', category: 'domain', content: '域名转入一直没有完成。' },
      { locale: 'zh-CN' },
    );
    const res = await call(support, 'POST', `/admin/feedback/${id}/reply`, {
      body: '您好，转入已经完成，请刷新页面查看。',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'replied', replyCount: 1 });
    expect(res.json().data.replies).toEqual([
      expect.objectContaining({ body: '您好，转入已经完成，请刷新页面查看。', operator: support.user.accountNo }),
    ]);

    const mails = await outbox('hanmeimei@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`NameBourse 客服回复：您的留言 ${id}`);
    expect(mails[0]?.body).toContain('韩梅梅，您好：');
    expect(mails[0]?.body).toContain('您好，转入已经完成，请刷新页面查看。');
    expect(mails[0]?.body).toContain('> 域名转入一直没有完成。');

    // A second reply is kept too; the English sender gets English.
    await call(admin, 'POST', `/admin/feedback/${id}/reply`, { body: '补充：如有问题请随时联系。' });
    const detail = await call(support, 'GET', `/admin/feedback/${id}`);
    expect(detail.json().data.replies.map((r: { operator: string }) => r.operator)).toEqual([
      support.user.accountNo,
      admin.user.accountNo,
    ]);
    const english = await submit({
      name: 'Ann',
      email: 'ann@example.com',
      category: 'other',
      content: 'Where is the fee table?',
    });
    await call(support, 'POST', `/admin/feedback/${english}/reply`, { body: 'In the help centre.' });
    const [mail] = await outbox('ann@example.com');
    expect(mail?.subject).toBe(`NameBourse support: a reply to your message ${english}`);
    expect(mail?.body).toContain('Hello Ann,');

    const trail = await auditTrail(t.app.platform.db, 'feedback', id);
    expect(trail.map((r) => [r.action, r.fromStatus, r.toStatus])).toEqual([
      ['reply', 'replied', 'replied'],
      ['reply', 'open', 'replied'],
    ]);

    const empty = await call(support, 'POST', `/admin/feedback/${id}/reply`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields).toHaveProperty('body');
  });

  it('closes a message; a closed one takes no reply and no second close', async () => {
    const id = await submit({
      name: 'Bo',
      email: 'bo@example.com',
      category: 'suggestion',
      content: 'Add dark mode please.',
    });
    const closed = await call(support, 'POST', `/admin/feedback/${id}/close`);
    expect(closed.json().data).toMatchObject({ status: 'closed', replies: [] });

    const reply = await call(support, 'POST', `/admin/feedback/${id}/reply`, { body: 'Too late' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      code: 'Feedback.InvalidTransition',
      message: 'This message is closed: it takes no more replies',
    });
    expect(await outbox('bo@example.com')).toEqual([]);
    expect((await call(support, 'POST', `/admin/feedback/${id}/close`)).statusCode).toBe(409);

    const queue = await call(support, 'GET', '/admin/feedback?pageSize=100');
    expect(queue.json().data.items.map((i: { id: string }) => i.id)).not.toContain(id);
    const closedOnes = await call(support, 'GET', '/admin/feedback?status=closed');
    expect(closedOnes.json().data.items.map((i: { id: string }) => i.id)).toContain(id);

    const unknown = await call(support, 'GET', '/admin/feedback/FB20260105000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('Feedback.NotFound');
    expect((await call(support, 'GET', '/admin/feedback/not-a-number')).statusCode).toBe(400);
  });

  it('keeps a reply that was e-mailed while another operator closed the message', async () => {
    const id = await submit({ name: 'Di', email: 'di@example.com', category: 'other', content: 'Two operators?' });
    const mailer = t.app.platform.mailer;
    t.app.platform.mailer = {
      send: async (mail) => {
        // The other operator closes it while this reply is on its way.
        expect((await call(admin, 'POST', `/admin/feedback/${id}/close`)).statusCode).toBe(200);
        await mailer.send(mail);
      },
      close: async () => undefined,
    };
    try {
      const res = await call(support, 'POST', `/admin/feedback/${id}/reply`, { body: 'Answered anyway.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'closed',
        replyCount: 1,
        replies: [{ body: 'Answered anyway.' }],
      });
    } finally {
      t.app.platform.mailer = mailer;
    }
    expect(await outbox('di@example.com')).toHaveLength(1);
    const trail = await auditTrail(t.app.platform.db, 'feedback', id);
    expect(trail.map((row) => row.action)).toEqual(['reply', 'close']);
  });

  it('keeps nothing when the reply cannot be e-mailed, so it can be sent again', async () => {
    const id = await submit({ name: 'Cy', email: 'cy@example.com', category: 'other', content: 'Is anyone there?' });
    const mailer = t.app.platform.mailer;
    t.app.platform.mailer = {
      send: async () => {
        throw new Error('SMTP down');
      },
      close: async () => undefined,
    };
    try {
      const res = await call(support, 'POST', `/admin/feedback/${id}/reply`, { body: 'Yes, we are here.' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'Feedback.SendFailed',
        message: 'The reply could not be e-mailed and was not saved. Please try again',
      });
    } finally {
      t.app.platform.mailer = mailer;
    }
    const detail = await call(support, 'GET', `/admin/feedback/${id}`);
    expect(detail.json().data).toMatchObject({ status: 'open', replies: [] });
    const again = await call(support, 'POST', `/admin/feedback/${id}/reply`, { body: 'Yes, we are here.' });
    expect(again.json().data).toMatchObject({ status: 'replied', replyCount: 1 });
    expect(await outbox('cy@example.com')).toHaveLength(1);
  });
});
