import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import { createDns, DnsLookupError } from './dns.ts';

/** A local UDP port nothing listens on (bound, then closed): queries to it are refused. */
async function closedPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DnsLookupError);
  return (error as DnsLookupError).failure;
}

describe('createDns (node:dns Resolver) against a local DNS server', () => {
  let server: TestDnsServer;
  beforeAll(async () => {
    server = await startTestDnsServer();
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(() => server.reset());

  it('answers the TXT records of a name, each record’s strings joined', async () => {
    server.setTxt('_namebourse.example.com', 'v=spf1 -all', ['namebourse-verification=', 'abc123']);
    const dns = createDns({ dnsServers: [server.address], dnsTimeoutMs: 500 });
    const records = await dns.resolveTxt('_namebourse.example.com');
    expect(records.sort()).toEqual(['namebourse-verification=abc123', 'v=spf1 -all']);
    // Names are not case-sensitive.
    expect(await dns.resolveTxt('_NameBourse.Example.COM')).toHaveLength(2);
  });

  it('answers [] for a name that exists without TXT records', async () => {
    server.addName('plain.example.org');
    server.setTxt('_namebourse.child.example.net', 'x');
    const dns = createDns({ dnsServers: [server.address], dnsTimeoutMs: 500 });
    expect(await dns.resolveTxt('plain.example.org')).toEqual([]);
    // A parent of a name with records exists too (an empty non-terminal).
    expect(await dns.resolveTxt('child.example.net')).toEqual([]);
  });

  it('fails with nxdomain for a name that does not exist', async () => {
    const dns = createDns({ dnsServers: [server.address], dnsTimeoutMs: 500 });
    expect(await failure(dns.resolveTxt('_namebourse.nowhere.example'))).toBe('nxdomain');
    // Too long for DNS (over 255 characters): no such name either.
    const long = `_namebourse.${`${'a'.repeat(59)}.`.repeat(5)}com`;
    expect(await failure(dns.resolveTxt(long))).toBe('nxdomain');
    expect(server.queries.some((q) => q.name === long)).toBe(false);
  });

  it('fails with timeout when the server never answers, within the configured time', async () => {
    server.setTxt('_namebourse.slow.example', 'x');
    server.dropQueries(true);
    const dns = createDns({ dnsServers: [server.address], dnsTimeoutMs: 200 });
    const started = Date.now();
    expect(await failure(dns.resolveTxt('_namebourse.slow.example'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.queries.some((q) => q.name.toLowerCase() === '_namebourse.slow.example')).toBe(true);
  });

  it('fails with timeout when the answer comes too late, and answers when it comes in time', async () => {
    server.setTxt('_namebourse.late.example', 'x');
    server.delay(600);
    const quick = createDns({ dnsServers: [server.address], dnsTimeoutMs: 200 });
    expect(await failure(quick.resolveTxt('_namebourse.late.example'))).toBe('timeout');
    const patient = createDns({ dnsServers: [server.address], dnsTimeoutMs: 2_000 });
    expect(await patient.resolveTxt('_namebourse.late.example')).toEqual(['x']);
  });

  it('fails with unreachable on a closed port, SERVFAIL or REFUSED', async () => {
    const closed = createDns({ dnsServers: [`127.0.0.1:${await closedPort()}`], dnsTimeoutMs: 500 });
    expect(await failure(closed.resolveTxt('_namebourse.example.com'))).toBe('unreachable');
    const dns = createDns({ dnsServers: [server.address], dnsTimeoutMs: 500 });
    server.failWith('SERVFAIL');
    expect(await failure(dns.resolveTxt('_namebourse.example.com'))).toBe('unreachable');
    server.failWith('REFUSED');
    expect(await failure(dns.resolveTxt('_namebourse.example.com'))).toBe('unreachable');
  });
});
