import { describe, expect, it } from 'vitest';
import { addIpEntries, ipEntryKind, isIpv4, isIpv6, MAX_ALLOW_LIST_ENTRIES, splitIpInput } from './ip-allowlist.ts';

describe('IPv4', () => {
  it.each(['0.0.0.0', '192.168.1.1', '255.255.255.255', '10.0.0.01'.replace('01', '1')])('accepts %s', (ip) => {
    expect(isIpv4(ip)).toBe(true);
  });
  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', 'a.b.c.d', '', '1..2.3'])('refuses %s', (ip) => {
    expect(isIpv4(ip)).toBe(false);
  });
});

describe('IPv6', () => {
  it.each([
    '::',
    '::1',
    '2001:db8::1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    'fe80::',
    '::ffff:192.0.2.128',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:7::',
    'ABCD:EF01::1',
  ])('accepts %s', (ip) => {
    expect(isIpv6(ip)).toBe(true);
  });
  it.each([
    '',
    ':',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '2001:db8::1::2',
    '12345::',
    'gggg::1',
    '::ffff:999.0.0.1',
    'fe80::1%eth0',
    '1:2:3:4:5:6:7:8::',
    '1:2:3:4:5:6:1.2.3.4:1',
  ])('refuses %s', (ip) => {
    expect(isIpv6(ip)).toBe(false);
  });
});

describe('ipEntryKind', () => {
  it('recognises addresses and CIDR ranges', () => {
    expect(ipEntryKind('203.0.113.7')).toBe('ipv4');
    expect(ipEntryKind(' 203.0.113.0/24 ')).toBe('ipv4-cidr');
    expect(ipEntryKind('0.0.0.0/0')).toBe('ipv4-cidr');
    expect(ipEntryKind('2001:db8::')).toBe('ipv6');
    expect(ipEntryKind('2001:db8::/32')).toBe('ipv6-cidr');
    expect(ipEntryKind('::/128')).toBe('ipv6-cidr');
  });
  it('refuses bad prefixes and garbage', () => {
    for (const bad of [
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/024',
      '1.2.3.4/-1',
      '::/129',
      '::/a',
      'example.com',
      '1.2.3.4 5',
      '/24',
      '1.2.3.4/24/1',
    ]) {
      expect(ipEntryKind(bad), bad).toBeNull();
    }
  });
});

describe('addIpEntries', () => {
  it('splits pasted text on commas, spaces and new lines', () => {
    expect(splitIpInput(' 1.1.1.1, 2.2.2.2\n3.3.3.3;4.4.4.4 ')).toEqual(['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4']);
  });
  it('adds valid entries and reports invalid and duplicate ones', () => {
    const result = addIpEntries(['1.1.1.1'], '1.1.1.1 2001:DB8::1 nope 2001:db8::1 10.0.0.0/8');
    expect(result.list).toEqual(['1.1.1.1', '2001:db8::1', '10.0.0.0/8']);
    expect(result.rejected).toEqual([
      { entry: '1.1.1.1', problem: 'duplicate' },
      { entry: 'nope', problem: 'invalid' },
      { entry: '2001:db8::1', problem: 'duplicate' },
    ]);
  });
  it('stops at the limit of 20 entries', () => {
    const full = Array.from({ length: MAX_ALLOW_LIST_ENTRIES - 1 }, (_, i) => `10.0.0.${i}`);
    const result = addIpEntries(full, '10.0.1.1 10.0.1.2');
    expect(result.list).toHaveLength(MAX_ALLOW_LIST_ENTRIES);
    expect(result.rejected).toEqual([{ entry: '10.0.1.2', problem: 'tooMany' }]);
  });
});
