import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses embedded defaults and keeps a generated secret in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-config-'));
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.databaseUrl).toBeUndefined();
    expect(a.seedDemo).toBe(true);
    expect(a.devTools).toBe(false);
    expect(a.clock).toBe('system');
    expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(a.appSecret);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(a.appSecret);
  });

  it('parses settings and flags', () => {
    const c = loadConfig({
      PORT: '8080',
      DEV_TOOLS: '1',
      CLOCK: 'manual',
      SEED_DEMO: '0',
      APP_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://u@localhost/db',
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'Secret#2026',
    });
    expect(c).toMatchObject({ port: 8080, devTools: true, clock: 'manual', seedDemo: false });
    expect(c.admin).toEqual({ email: 'ops@example.com', password: 'Secret#2026' });
  });

  it('fails fast on bad settings', () => {
    expect(() => loadConfig({ PORT: 'abc', APP_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ CLOCK: 'fast', APP_SECRET: 'x'.repeat(40) })).toThrow(/CLOCK/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db' })).toThrow(
      /APP_SECRET is required/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: '1', APP_SECRET: 'x'.repeat(40) })).toThrow(
      /DEV_TOOLS/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', APP_SECRET: 'x'.repeat(40) })).toThrow(/together/);
  });

  it('trusts no proxy unless told to', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).trustProxy).toBe(false);
    expect(loadConfig({ ...secret, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...secret, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ ...secret, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...secret, TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...secret, TRUST_PROXY: '999.1.1.1' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses TRUST_PROXY=true at start and names the fix', () => {
    const start = () => loadConfig({ APP_SECRET: 'x'.repeat(40), TRUST_PROXY: 'true' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/TRUST_PROXY=true is refused/);
    // The message says what to set instead: the proxies' addresses or a hop count.
    expect(start).toThrow(/TRUST_PROXY=127\.0\.0\.1/);
    expect(start).toThrow(/TRUST_PROXY=1\)/);
  });

  it('defaults demo seeding off on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 'x'.repeat(40) }).seedDemo).toBe(false);
  });
});
