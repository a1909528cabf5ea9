import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, csrfHeaders, enginesFor, listenLocally, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testSignInRoute } from '../account/account.test-support.ts';
import { sessionHeaders, signIn } from '../orders/orders.test-support.ts';
import {
  agentClaiming,
  ChatClient,
  EN,
  nextIp,
  OUTSIDE_HOURS,
  socketHeaders,
  userWithConversation,
  WITHIN_HOURS,
  wsUrl,
} from './chat.test-support.ts';

const cookieOf = (headers: Record<string, string>) => ({ cookie: headers.cookie ?? '' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(enginesFor('app'))('customer-service chat over WebSocket (%s)', (engine) => {
  let t: TestContext;
  let base: string;
  const open: ChatClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine, {}, testSignInRoute);
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    await t?.close();
  });
  beforeEach(() => {
    t.clock.set(WITHIN_HOURS);
  });

  const connect = async (query: string, headers: Record<string, string>) => {
    const client = await ChatClient.open(wsUrl(base, query), socketHeaders(t, base, headers));
    open.push(client);
    return client;
  };

  it('checks the upgrade: a session or token, the site’s own origin, the caller’s own conversation', async () => {
    const { user, conversationId } = await userWithConversation(t, 'hello');
    await expect(ChatClient.open(wsUrl(base), socketHeaders(t, base))).rejects.toThrow('HTTP 401');
    await expect(
      ChatClient.open(wsUrl(base, `conversationId=${conversationId}`), {
        ...cookieOf(user.headers),
        origin: 'https://evil.example',
      }),
    ).rejects.toThrow('HTTP 403');
    await expect(
      ChatClient.open(wsUrl(base), { ...cookieOf(user.headers), 'sec-fetch-site': 'cross-site' }),
    ).rejects.toThrow('HTTP 403');
    const stranger = await signIn(t);
    await expect(
      ChatClient.open(
        wsUrl(base, `conversationId=${conversationId}`),
        socketHeaders(t, base, cookieOf(stranger.headers)),
      ),
    ).rejects.toThrow('HTTP 404');
    await expect(ChatClient.open(wsUrl(base, `token=${'x'.repeat(32)}`), socketHeaders(t, base))).rejects.toThrow(
      'HTTP 401',
    );
    const mine = await connect(`conversationId=${conversationId}`, cookieOf(user.headers));
    const history = await mine.next('history');
    expect(history.messages.map((m) => m.body)).toEqual(['hello']);
  });

  it('user and agent talk live: messages both ways, typing, read receipts', async () => {
    const { user, conversationId } = await userWithConversation(t, 'Is anyone there?');
    const agent = await agentClaiming(t, conversationId);
    const userWs = await connect(`conversationId=${conversationId}`, cookieOf(user.headers));
    const agentWs = await connect('', cookieOf(agent.headers));
    expect((await userWs.next('history')).conversation).toMatchObject({
      status: 'open',
      agentName: agent.user.nickname,
    });
    const agentHistory = await agentWs.next('history', (f) => f.conversation.conversationId === conversationId);
    expect(agentHistory.messages.map((m) => m.body)).toEqual(['Is anyone there?']);

    userWs.send({ type: 'send', clientId: 'u-1', body: 'My order is stuck' });
    const echoed = await userWs.next('message', (f) => f.message.clientId === 'u-1');
    const toAgent = await agentWs.next('message', (f) => f.message.clientId === 'u-1');
    expect(toAgent.message).toMatchObject({
      author: 'user',
      body: 'My order is stuck',
      messageId: echoed.message.messageId,
    });

    const agentFrames = agentWs.frames.length;
    agentWs.send({ type: 'typing', conversationId });
    expect(await userWs.next('typing')).toEqual({ type: 'typing', conversationId, side: 'agent' });
    agentWs.send({ type: 'send', conversationId, clientId: 'a-1', body: 'Looking at it now' });
    const reply = await userWs.next('message', (f) => f.message.clientId === 'a-1');
    expect(reply.message).toMatchObject({ author: 'agent', authorName: agent.user.nickname });
    // The agent does not see their own typing.
    expect(agentWs.frames.slice(agentFrames).some((f) => f.type === 'typing')).toBe(false);

    userWs.send({ type: 'read', upToId: reply.message.messageId });
    expect(await agentWs.next('read')).toEqual({
      type: 'read',
      conversationId,
      side: 'user',
      upToId: reply.message.messageId,
    });
    agentWs.send({ type: 'read', conversationId, upToId: reply.message.messageId });
    expect((await userWs.next('read', (f) => f.side === 'agent')).upToId).toBe(reply.message.messageId);

    // Closing reaches the user's window.
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversationId}/close`,
      headers: { ...agent.headers, ...EN },
      payload: { note: 'solved' },
    });
    expect(close.statusCode, close.body).toBe(200);
    const status = await userWs.next('status', (f) => f.conversation.status === 'closed');
    expect(status.conversation.closeNote).toBeNull();
  });

  it('an agent’s window joins a conversation the moment they claim it, and hears the queue', async () => {
    const agent = await signIn(t, 'support');
    const agentWs = await connect('', cookieOf(agent.headers));
    const { user, conversationId } = await userWithConversation(t, 'new here');
    await agentWs.next('queue');
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversationId}/claim`,
      headers: { ...agent.headers, ...EN },
    });
    expect(claim.statusCode).toBe(200);
    const joined = await agentWs.next('history', (f) => f.conversation.conversationId === conversationId);
    expect(joined.messages.map((m) => m.body)).toEqual(['new here']);
    await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: { ...user.headers, ...EN },
      payload: { clientId: 'later', body: 'are you there?' },
    });
    expect((await agentWs.next('message')).message.body).toBe('are you there?');
  });

  it('after a drop, reconnecting with afterId gives exactly the missed messages; a resend lands once', async () => {
    const { user, conversationId } = await userWithConversation(t, 'first');
    const agent = await agentClaiming(t, conversationId);
    const before = await connect(`conversationId=${conversationId}`, cookieOf(user.headers));
    await before.next('history');
    before.send({ type: 'send', clientId: 'keep-1', body: 'before the drop' });
    const acked = await before.next('message', (f) => f.message.clientId === 'keep-1');
    await before.cut();

    // While the user is away: two replies.
    for (const [clientId, body] of [
      ['away-1', 'reply one'],
      ['away-2', 'reply two'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/support/conversations/${conversationId}/messages`,
        headers: { ...agent.headers, ...EN },
        payload: { clientId, body },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const after = await connect(
      `conversationId=${conversationId}&afterId=${acked.message.messageId}`,
      cookieOf(user.headers),
    );
    const missed = await after.next('history');
    expect(missed.resumed).toBe(true);
    expect(missed.messages.map((m) => m.body)).toEqual(['reply one', 'reply two']);
    // The window resends what it is unsure of (same clientId) and a new message.
    after.send({ type: 'send', clientId: 'keep-1', body: 'before the drop' });
    after.send({ type: 'send', clientId: 'keep-2', body: 'after the drop' });
    await after.next('message', (f) => f.message.clientId === 'keep-2');
    await pause(200);

    const seen = [...before.messageIds(), ...after.messageIds()];
    expect(new Set(seen).size).toBe(seen.length);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: { ...user.headers, ...EN },
    });
    const stored = all.json().data.messages as { messageId: string; body: string }[];
    expect(stored.map((m) => m.body)).toEqual(['first', 'before the drop', 'reply one', 'reply two', 'after the drop']);
    expect([...seen].sort()).toEqual(stored.map((m) => m.messageId).sort());

    // `resume` on an open socket: the messages after an id, again exactly.
    after.send({ type: 'resume', afterId: stored[2]?.messageId });
    const resumed = await after.next('history', (f) => f.resumed);
    expect(resumed.messages.map((m) => m.body)).toEqual(['reply two', 'after the drop']);
  });

  it('a burst from both sides arrives complete, in order and once in every window', async () => {
    const { user, conversationId } = await userWithConversation(t);
    const agent = await agentClaiming(t, conversationId);
    const userWs = await connect(`conversationId=${conversationId}`, cookieOf(user.headers));
    const agentWs = await connect('', cookieOf(agent.headers));
    await userWs.next('history');
    await agentWs.next('history', (f) => f.conversation.conversationId === conversationId);
    const n = 15;
    for (let i = 0; i < n; i++) userWs.send({ type: 'send', clientId: `bu-${i}`, body: `user ${i}` });
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/support/conversations/${conversationId}/messages`,
          headers: { ...agent.headers, ...EN },
          payload: { clientId: `ba-${i}`, body: `agent ${i}` },
        }),
      ),
    );
    for (const ws of [userWs, agentWs]) {
      const deadline = Date.now() + 10_000;
      const count = () => ws.frames.filter((f) => f.type === 'message').length;
      while (count() < 2 * n && Date.now() < deadline) await pause(20);
      const ids = ws.frames.flatMap((f) => (f.type === 'message' ? [BigInt(f.message.messageId)] : []));
      expect(ids).toHaveLength(2 * n);
      expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
      expect(new Set(ids).size).toBe(2 * n);
    }
  });

  it('outside the hours the window says so, and the reply still arrives live', async () => {
    t.clock.set(OUTSIDE_HOURS);
    const { user, conversationId } = await userWithConversation(t, 'Saturday question');
    const userWs = await connect(`conversationId=${conversationId}`, cookieOf(user.headers));
    expect((await userWs.next('history')).conversation).toMatchObject({ offline: true, withinSupportHours: false });
    const agent = await agentClaiming(t, conversationId);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/conversations/${conversationId}/messages`,
      headers: { ...agent.headers, ...EN },
      payload: { clientId: 'wk-1', body: 'Answered on the weekend' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await userWs.next('message')).message.body).toBe('Answered on the weekend');
    const mails = await t.app.platform.outbox.listFor(user.user.email);
    expect(mails.some((m) => m.body.includes('Answered on the weekend'))).toBe(true);
  });

  it('answers bad frames with error frames and keeps the socket', async () => {
    const { user, conversationId } = await userWithConversation(t, 'x');
    const ws = await connect(`conversationId=${conversationId}`, cookieOf(user.headers));
    await ws.next('history');
    ws.sendRaw('not json');
    expect(await ws.next('error')).toMatchObject({ code: 'Request.Invalid', clientId: null });
    ws.send({ type: 'send', clientId: 'long', body: 'a'.repeat(2001) });
    expect(await ws.next('error', (f) => f.clientId === 'long')).toMatchObject({ code: 'Request.Invalid' });
    ws.send({ type: 'send', clientId: 'nul', body: 'a\u0000b' });
    expect(await ws.next('error', (f) => f.clientId === 'nul')).toMatchObject({ code: 'Request.Invalid' });
    ws.send({ type: 'send', conversationId: '1', clientId: 'other', body: 'elsewhere' });
    expect(await ws.next('error', (f) => f.clientId === 'other')).toMatchObject({ code: 'Chat.ConversationNotFound' });
    ws.send({ type: 'send', clientId: 'fine', body: 'still here' });
    expect((await ws.next('message')).message.body).toBe('still here');
  });

  it('a visitor chats over the socket with their token', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      remoteAddress: nextIp(),
      headers: { ...(await csrfHeaders(t.app)), ...EN },
      payload: { email: 'ws-visitor@example.com', name: 'Visitor' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { visitorToken, conversation } = start.json().data;
    const ws = await connect(`token=${visitorToken}`, {});
    expect((await ws.next('history')).conversation.conversationId).toBe(conversation.conversationId);
    ws.send({ type: 'send', clientId: 'v-1', body: 'hello from a visitor' });
    expect((await ws.next('message')).message).toMatchObject({ author: 'user', authorName: 'Visitor' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('customer-service chat on two instances (PostgreSQL)', () => {
  let a: TestContext;
  let b: { app: App; database: Database } | undefined;
  let baseA: string;
  let baseB: string;
  const open: ChatClient[] = [];

  beforeAll(async () => {
    a = await buildTestApp('postgres', {}, testSignInRoute);
    a.clock.set(WITHIN_HOURS);
    // A second instance on the same database: its own pool, event bus (LISTEN) and chat hub.
    const database = await openDatabase({ databaseUrl: a.config.databaseUrl, pgliteDir: 'memory://', poolSize: 3 });
    const app = await buildApp({ config: a.config, database, clock: new ManualClock(a.clock.now()), logger: false });
    await app.ready();
    b = { app, database };
    baseA = await listenLocally(a.app);
    baseB = await listenLocally(app);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  it('a user on instance A and an agent on instance B exchange messages live', async () => {
    const { user, conversationId } = await userWithConversation(a, 'Hello from A');
    const agent = await signIn(a, 'support');
    const agentOnB = await ChatClient.open(wsUrl(baseB), { origin: baseB, cookie: agent.headers.cookie ?? '' });
    open.push(agentOnB);
    const userOnA = await ChatClient.open(wsUrl(baseA, `conversationId=${conversationId}`), {
      origin: baseA,
      cookie: user.headers.cookie ?? '',
    });
    open.push(userOnA);
    await userOnA.next('history');

    // The agent claims on B; their window on B joins it, the user's window on A sees the claim.
    const claim = await (b as { app: App }).app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversationId}/claim`,
      headers: { ...(await sessionHeaders(a, agent.user.id)), ...EN },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    await agentOnB.next('history', (f) => f.conversation.conversationId === conversationId, 10_000);
    await userOnA.next('status', (f) => f.conversation.status === 'open', 10_000);

    userOnA.send({ type: 'send', clientId: 'xa-1', body: 'Sent on A' });
    expect((await agentOnB.next('message', (f) => f.message.clientId === 'xa-1', 10_000)).message.body).toBe(
      'Sent on A',
    );
    agentOnB.send({ type: 'typing', conversationId });
    await userOnA.next('typing', () => true, 10_000);
    agentOnB.send({ type: 'send', conversationId, clientId: 'xb-1', body: 'Answered on B' });
    const reply = await userOnA.next('message', (f) => f.message.clientId === 'xb-1', 10_000);
    expect(reply.message).toMatchObject({ author: 'agent', body: 'Answered on B' });
    userOnA.send({ type: 'read', upToId: reply.message.messageId });
    expect((await agentOnB.next('read', () => true, 10_000)).upToId).toBe(reply.message.messageId);
  });
});
