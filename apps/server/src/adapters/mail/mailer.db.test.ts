import { createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { type Config, loadConfig } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { outboxSuite } from '../outbox/outbox.test-support.ts';
import { createMailer } from './mailer.ts';
import { renderTemplate } from './templates.ts';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

function testConfig(smtpUrl: string | undefined): Config {
  return loadConfig(
    { NODE_ENV: 'test' },
    {
      appSecret: 'test-secret-test-secret-test-secret-0123456789',
      smtpUrl,
      mailFrom: 'NameBourse <no-reply@test.local>',
    },
  );
}

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port; `reject` makes it refuse every recipient. */
async function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.reject) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nobody listens on (connection refused). */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Minimal MIME reading for the assertions: decoded headers and the text/plain and text/html parts. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parseMime(raw: string): { headers: Record<string, string>; text: string; html: string | undefined } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { headers, text: decodeBody(body, headers['content-transfer-encoding']), html: undefined };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => parseMime(p.replace(/^\r?\n/, '')));
  const find = (type: string) => parts.find((p) => p.headers['content-type']?.startsWith(type))?.text;
  return { headers, text: find('text/plain') ?? '', html: find('text/html') };
}

describe('renderTemplate', () => {
  it('renders the verification code in both languages with the base layout', () => {
    const zh = renderTemplate('verification-code', 'zh-CN', {
      code: '482913',
      minutes: 10,
      scene: 'REGISTER_BY_EMAIL',
    });
    expect(zh.subject).toBe('NameBourse 验证码');
    expect(zh.text).toContain('您正在注册账户');
    expect(zh.text).toContain('482913');
    expect(zh.text).toContain('10 分钟内有效');
    expect(zh.text).toContain('请勿直接回复');
    expect(zh.html).toContain('<html lang="zh-CN">');
    expect(zh.html).toContain('482913');

    const en = renderTemplate(
      'verification-code',
      'en-US',
      { code: '482913', minutes: 1 },
      { siteUrl: 'https://nb.example' },
    );
    expect(en.subject).toBe('Your NameBourse verification code');
    expect(en.text).toContain('Your verification code is:');
    expect(en.text).toContain('expires in 1 minute.');
    expect(en.text).toContain('https://nb.example');
    expect(en.html).toContain('<html lang="en-US">');
    expect(en.html).toContain('href="https://nb.example"');
    expect(en.html).not.toContain('分钟');
  });

  it('escapes variables in the HTML part', () => {
    const out = renderTemplate('verification-code', 'en-US', { code: '<b>1</b>', minutes: 5 });
    expect(out.html).toContain('&lt;b&gt;1&lt;/b&gt;');
    expect(out.html).not.toContain('<b>1</b>');
    expect(out.text).toContain('<b>1</b>');
  });
});

describe.each(enginesFor('sql'))('Mailer on %s', (engine) => {
  const t = outboxSuite(engine);

  it('without SMTP stores the message in the outbox', async () => {
    const mailer = createMailer(testConfig(undefined), t.outbox, silent);
    const mail = renderTemplate('verification-code', 'en-US', { code: '111222', minutes: 10 });
    await mailer.send({ to: 'Stored@Example.com', ...mail, code: '111222' });
    await mailer.close();
    const [record] = await t.outbox.listRecords('stored@example.com');
    expect(record).toMatchObject({
      channel: 'email',
      to: 'Stored@Example.com',
      subject: mail.subject,
      body: mail.text,
      code: '111222',
      status: 'stored',
    });
  });

  it('with SMTP delivers through the server and records it as sent', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer(testConfig(smtp.url), t.outbox, silent);
    try {
      const mail = renderTemplate('verification-code', 'zh-CN', {
        code: '909192',
        minutes: 10,
        scene: 'RETRIEVE_PASSWORD_BY_EMAIL',
      });
      await mailer.send({ to: 'carol@example.com', ...mail, code: '909192' });

      expect(smtp.received).toHaveLength(1);
      const got = smtp.received[0]!;
      expect(got.from).toBe('no-reply@test.local');
      expect(got.to).toEqual(['carol@example.com']);
      const parsed = parseMime(got.raw);
      expect(parsed.headers.subject).toBe('NameBourse 验证码');
      expect(parsed.headers.to).toBe('carol@example.com');
      expect(parsed.text).toContain('您正在找回密码');
      expect(parsed.text).toContain('909192');
      expect(parsed.html).toContain('909192');

      const [record] = await t.outbox.listRecords('carol@example.com');
      expect(record).toMatchObject({ status: 'sent', code: '909192', subject: 'NameBourse 验证码', error: null });
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('an SMTP server refusing the recipient: failure recorded, Verification.SendFailed thrown', async () => {
    const smtp = await startSmtp({ reject: true });
    const mailer = createMailer(testConfig(smtp.url), t.outbox, silent);
    try {
      const err = await mailer
        .send({ to: 'dave@example.com', subject: 's', text: 'code 123', code: '123' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('Verification.SendFailed');
      expect(smtp.received).toHaveLength(0);
      const [record] = await t.outbox.listRecords('dave@example.com');
      expect(record).toMatchObject({ status: 'failed', code: '123' });
      expect(record?.error).toMatch(/550|Mailbox unavailable/);
      // The dev outbox shows only what reached the recipient.
      expect(await t.outbox.listFor('dave@example.com')).toEqual([]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('an unreachable SMTP server (connection refused): failure recorded, Verification.SendFailed thrown', async () => {
    const port = await closedPort();
    const mailer = createMailer(testConfig(`smtp://127.0.0.1:${port}`), t.outbox, silent);
    try {
      await expect(mailer.send({ to: 'erin@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
        code: 'Verification.SendFailed',
      });
      const [record] = await t.outbox.listRecords('erin@example.com');
      expect(record).toMatchObject({ status: 'failed' });
      expect(record?.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await mailer.close();
    }
  });
});
