import { CHAT_LIMITS, isWithinSupportHours } from '@namebourse/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, type TestContext } from '../../../test/helpers.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import {
  agentClaiming,
  EN,
  multipartFile,
  nextIp,
  OUTSIDE_HOURS,
  PNG_1X1,
  userWithConversation,
  WITHIN_HOURS,
} from './chat.test-support.ts';

describe('support hours', () => {
  it('are Monday to Friday 9:30–18:30 at UTC+8', () => {
    expect(isWithinSupportHours(new Date('2026-01-05T01:29:59Z'))).toBe(false); // Mon 9:29:59
    expect(isWithinSupportHours(new Date('2026-01-05T01:30:00Z'))).toBe(true); // Mon 9:30
    expect(isWithinSupportHours(new Date('2026-01-05T10:29:59Z'))).toBe(true); // Mon 18:29:59
    expect(isWithinSupportHours(new Date('2026-01-05T10:30:00Z'))).toBe(false); // Mon 18:30
    expect(isWithinSupportHours(new Date('2026-01-09T05:00:00Z'))).toBe(true); // Fri 13:00
    expect(isWithinSupportHours(new Date('2026-01-10T02:00:00Z'))).toBe(false); // Sat 10:00
    expect(isWithinSupportHours(new Date('2026-01-11T02:00:00Z'))).toBe(false); // Sun 10:00
    // Sunday 20:00 UTC is Monday 4:00 at UTC+8: still closed; Monday 01:45 UTC is 9:45 there.
    expect(isWithinSupportHours(new Date('2026-01-04T20:00:00Z'))).toBe(false);
    expect(isWithinSupportHours(new Date('2026-01-05T01:45:00Z'))).toBe(true);
  });
});

describe.each(enginesFor('app'))('customer-service chat over HTTP (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    t.clock.set(WITHIN_HOURS);
  });

  const as = (headers: Record<string, string>) => ({ ...headers, ...EN });

  it('a user and an agent talk: queue, claim, reply, history, read receipts', async () => {
    const { user, conversationId } = await userWithConversation(t, 'My top-up has not arrived');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      remoteAddress: nextIp(),
      headers: as(user.headers),
      payload: {},
    });
    expect(again.json().data).toMatchObject({ resumed: true, visitorToken: null });
    expect(again.json().data.conversation).toMatchObject({ conversationId, status: 'waiting', offline: false });

    const agent = await signIn(t, 'support');
    t.clock.advance(90);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/support/queue', headers: as(agent.headers) });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().data.items.find((i: { conversationId: string }) => i.conversationId === conversationId);
    expect(item).toMatchObject({
      status: 'waiting',
      visitor: false,
      accountNo: expect.any(String),
      lastMessageExcerpt: 'My top-up has not arrived',
      waitingSeconds: 90,
      unreadCount: 1,
    });

    // Before claiming, the agent may read but not reply.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(agent.headers),
      payload: { clientId: 'a-0', body: 'hello' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('Chat.NotClaimed');

    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversationId}/claim`,
      headers: as(agent.headers),
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().data).toMatchObject({ status: 'open', agentName: agent.user.nickname });
    const afterClaim = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/queue',
      headers: as(agent.headers),
    });
    expect(afterClaim.json().data.items.map((i: { conversationId: string }) => i.conversationId)).not.toContain(
      conversationId,
    );

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(agent.headers),
      payload: { clientId: 'a-1', body: 'Let me check that for you.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({ author: 'agent', authorName: agent.user.nickname });

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(user.headers),
    });
    expect(history.statusCode).toBe(200);
    const messages = history.json().data.messages as { messageId: string; author: string; body: string }[];
    expect(messages.map((m) => [m.author, m.body])).toEqual([
      ['user', 'My top-up has not arrived'],
      ['agent', 'Let me check that for you.'],
    ]);

    // Exactly what came after an id.
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${conversationId}/messages?afterId=${messages[0]?.messageId}`,
      headers: as(user.headers),
    });
    expect(after.json().data.messages.map((m: { body: string }) => m.body)).toEqual(['Let me check that for you.']);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/read`,
      headers: as(user.headers),
      payload: { upToId: '999999999' },
    });
    expect(read.statusCode, read.body).toBe(200);
    // Never past the last message.
    expect(read.json().data.userReadId).toBe(messages[1]?.messageId);

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/admin/support/conversations/${conversationId}/summary`,
      headers: as(agent.headers),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data.account).toMatchObject({
      accountNo: user.user.accountNo,
      nickname: user.user.nickname,
      balances: { availableCents: 0, frozenCents: 0, earningsCents: 0 },
      recentOrdersCount: 0,
      previousConversations: 0,
    });

    const close = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversationId}/close`,
      headers: as(agent.headers),
      payload: { note: 'Top-up arrived after a delay' },
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data).toMatchObject({ status: 'closed', closeNote: 'Top-up arrived after a delay' });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${conversationId}`,
      headers: as(user.headers),
    });
    expect(seen.json().data).toMatchObject({ status: 'closed', closeNote: null });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(user.headers),
      payload: { clientId: 'u-late', body: 'one more thing' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'Chat.ConversationClosed' });

    // The transcript is kept; a new chat is a new conversation.
    const list = await t.app.inject({ method: 'GET', url: '/api/support/conversations', headers: as(user.headers) });
    expect(list.json().data.items).toHaveLength(1);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      remoteAddress: nextIp(),
      headers: as(user.headers),
      payload: {},
    });
    expect(next.json().data).toMatchObject({ resumed: false });
    expect(next.json().data.conversation.conversationId).not.toBe(conversationId);
  });

  it('two tabs starting a chat at once get the same conversation', async () => {
    const user = await signIn(t);
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/conversations',
        remoteAddress: nextIp(),
        headers: as(user.headers),
        payload: {},
      });
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().data.conversation.conversationId).toBe(a.json().data.conversation.conversationId);
    expect([a.json().data.resumed, b.json().data.resumed].sort()).toEqual([false, true]);
  });

  it('a resend with the same clientId is stored once', async () => {
    const { user, conversationId } = await userWithConversation(t);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/support/conversations/${conversationId}/messages`,
        headers: as(user.headers),
        payload: { clientId: 'c-1', body: 'Only once, please' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data.messageId).toBe(first.json().data.messageId);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(user.headers),
    });
    expect(history.json().data.messages).toHaveLength(1);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(user.headers),
      payload: { clientId: 'c-2', body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'Chat.EmptyMessage', message: 'Type a message or attach an image' });
  });

  it('another user cannot see, read, write or upload to a conversation', async () => {
    const { conversationId } = await userWithConversation(t, 'private');
    const stranger = await signIn(t);
    const attempts = [
      { method: 'GET' as const, url: `/api/support/conversations/${conversationId}` },
      { method: 'GET' as const, url: `/api/support/conversations/${conversationId}/messages` },
      {
        method: 'POST' as const,
        url: `/api/support/conversations/${conversationId}/messages`,
        payload: { clientId: 'x', body: 'hi' },
      },
      { method: 'POST' as const, url: `/api/support/conversations/${conversationId}/read`, payload: { upToId: '1' } },
      { method: 'GET' as const, url: `/api/support/conversations/${conversationId}/attachments/1` },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: as(stranger.headers) });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(res.json().code).toBe('Chat.ConversationNotFound');
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/support/conversations',
      headers: as(stranger.headers),
    });
    expect(list.json().data.items).toEqual([]);
    // A plain user is not an agent.
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/support/queue', headers: as(stranger.headers) });
    expect(queue.statusCode).toBe(403);
  });

  it('takes JPG/PNG images by their bytes, at most 2 MB, shown only to the user and staff', async () => {
    const { user, conversationId } = await userWithConversation(t);
    const upload = (file: ReturnType<typeof multipartFile>, headers = user.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/support/conversations/${conversationId}/attachments`,
        headers: { ...as(headers), 'content-type': file.contentType },
        payload: file.payload,
      });
    const ok = await upload(multipartFile('screen.png', 'image/png', PNG_1X1));
    expect(ok.statusCode, ok.body).toBe(200);
    const attachment = ok.json().data;
    expect(attachment).toMatchObject({ contentType: 'image/png', sizeBytes: PNG_1X1.length, fileName: 'screen.png' });

    const text = await upload(multipartFile('photo.png', 'image/png', Buffer.from('<script>alert(1)</script>')));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'Chat.AttachmentType', message: 'Only JPG or PNG images can be sent' });
    const gif = await upload(multipartFile('a.jpg', 'image/jpeg', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')));
    expect(gif.json().code).toBe('Chat.AttachmentType');
    const big = Buffer.alloc(CHAT_LIMITS.attachmentMaxBytes + 1, 0);
    PNG_1X1.copy(big);
    const tooBig = await upload(multipartFile('big.png', 'image/png', big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('Chat.AttachmentTooLarge');

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(user.headers),
      payload: { clientId: 'img-1', attachmentId: attachment.attachmentId },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ body: '', attachment: { attachmentId: attachment.attachmentId } });

    const own = await t.app.inject({ method: 'GET', url: attachment.url, headers: as(user.headers) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_1X1)).toBe(true);
    const agent = await signIn(t, 'support');
    const staff = await t.app.inject({ method: 'GET', url: attachment.url, headers: as(agent.headers) });
    expect(staff.statusCode).toBe(200);
    const stranger = await signIn(t);
    const theirs = await t.app.inject({ method: 'GET', url: attachment.url, headers: as(stranger.headers) });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('two agents claiming at once: exactly one wins', async () => {
    const { conversationId } = await userWithConversation(t, 'race');
    const [a, b] = [await signIn(t, 'support'), await signIn(t, 'support')];
    const claim = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/support/conversations/${conversationId}/claim`,
        headers: as(headers),
      });
    const results = await Promise.all([claim(a.headers), claim(b.headers)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('Chat.AlreadyClaimed');
  });

  it('a visitor gives an e-mail, gets a token once, and chats with it', async () => {
    const csrf = await csrfHeaders(t.app);
    const noEmail = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      remoteAddress: nextIp(),
      headers: as(csrf),
      payload: { name: 'Guest' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().code).toBe('Chat.EmailRequired');

    const start = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      remoteAddress: nextIp(),
      headers: as(csrf),
      payload: { email: 'Guest@Example.com', name: 'Guest', message: 'Is this domain available?', clientId: 'g-1' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { visitorToken, conversation } = start.json().data;
    expect(visitorToken).toMatch(/^[\w-]{32}$/);
    expect(conversation).toMatchObject({ visitor: true, displayName: 'Guest', status: 'waiting' });

    const token = { 'x-support-token': visitorToken };
    const history = await t.app.inject({ method: 'GET', url: '/api/support/visitor/messages', headers: token });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.messages.map((m: { body: string }) => m.body)).toEqual(['Is this domain available?']);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/support/visitor/messages',
      headers: { ...as(csrf), ...token },
      payload: { clientId: 'g-2', body: 'Hello?' },
    });
    expect(send.statusCode, send.body).toBe(200);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/support/visitor/messages',
      headers: { 'x-support-token': 'x'.repeat(32), ...EN },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('Chat.VisitorTokenInvalid');
    // The token is not a way into anyone else's conversation.
    const { conversationId: other } = await userWithConversation(t, 'mine');
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${other}/messages`,
      headers: token,
    });
    expect(peek.statusCode).toBe(401);

    const agent = await signIn(t, 'support');
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/admin/support/conversations/${conversation.conversationId}/summary`,
      headers: as(agent.headers),
    });
    expect(summary.json().data).toMatchObject({ email: 'guest@example.com', displayName: 'Guest', account: null });
  });

  it('outside the support hours: offline, and the reply goes by e-mail and to the message centre', async () => {
    t.clock.set(OUTSIDE_HOURS);
    const { user, conversationId } = await userWithConversation(t, 'Weekend question');
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${conversationId}`,
      headers: as(user.headers),
    });
    expect(shown.json().data).toMatchObject({ offline: true, withinSupportHours: false, status: 'waiting' });

    t.clock.set(new Date('2026-01-12T02:00:00.000Z')); // Monday 10:00 at UTC+8
    const agent = await agentClaiming(t, conversationId);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: as(agent.headers),
      payload: { clientId: 'r-1', body: 'Your domain transfer is on its way.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);

    const mails = await t.app.platform.outbox.listFor(user.user.email);
    const mail = mails.find((m) => m.body.includes('Your domain transfer is on its way.'));
    expect(mail?.subject).toBe('NameBourse customer service replied to your message');
    // A week later: a fresh session (the first one's access token has expired).
    const fresh = await sessionHeaders(t, user.user.id);
    const notices = await t.app.inject({ method: 'GET', url: '/api/messages', headers: as(fresh) });
    expect(notices.statusCode, notices.body).toBe(200);
    const notice = notices.json().data.items.find((m: { kind: string }) => m.kind === 'support_reply');
    expect(notice).toMatchObject({ title: 'Customer service replied to your message' });
    expect(notice.body).toContain('Your domain transfer is on its way.');

    // A visitor's offline reply goes to the address they gave.
    t.clock.set(OUTSIDE_HOURS);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      remoteAddress: nextIp(),
      headers: as(await csrfHeaders(t.app)),
      payload: { email: 'night-owl@example.com', message: 'Anyone there?', clientId: 'n-1' },
    });
    const visitorConversation = visitor.json().data.conversation.conversationId;
    const agentB = await agentClaiming(t, visitorConversation);
    await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${visitorConversation}/messages`,
      headers: as(agentB.headers),
      payload: { clientId: 'r-2', body: 'Yes, on Monday.' },
    });
    const visitorMail = await t.app.platform.outbox.listFor('night-owl@example.com');
    expect(visitorMail.some((m) => m.body.includes('Yes, on Monday.'))).toBe(true);
  });

  it('limits how fast a user sends', async () => {
    const { user, conversationId } = await userWithConversation(t);
    const statuses: number[] = [];
    let last: { code?: string; data?: { retryAfterSeconds?: number } } = {};
    for (let i = 0; i <= CHAT_LIMITS.sendRate.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/support/conversations/${conversationId}/messages`,
        headers: as(user.headers),
        payload: { clientId: `rl-${i}`, body: `message ${i}` },
      });
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CHAT_LIMITS.sendRate.max);
    expect(statuses.at(-1)).toBe(429);
    expect(last.code).toBe('Chat.TooManyMessages');
    expect(last.data?.retryAfterSeconds).toBeGreaterThan(0);
  });
});
