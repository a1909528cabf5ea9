import { API_ACCESS } from '@namebourse/contract';

/** Allow-list of an access key: at most 20 entries, each an IPv4 or IPv6 address or a CIDR range of either. */
export const MAX_ALLOW_LIST_ENTRIES: number = API_ACCESS.maxIpWhiteList;

export type IpEntryKind = 'ipv4' | 'ipv6' | 'ipv4-cidr' | 'ipv6-cidr';

const OCTET = /^(?:0|[1-9]\d{0,2})$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;
const PREFIX = /^(?:0|[1-9]\d{0,2})$/;

export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part) && Number(part) <= 255);
}

export function isIpv6(value: string): boolean {
  if (!value || value.includes('%')) return false;
  let text = value;
  let groupsForTail = 0;
  // An embedded IPv4 tail ("::ffff:192.0.2.1") counts as two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail)) return false;
    text = `${text.slice(0, lastColon + 1)}0`;
    groupsForTail = 1;
  }
  const doubles = text.split('::').length - 1;
  if (doubles > 1) return false;
  if (doubles === 1) {
    const [head = '', rest = ''] = text.split('::');
    const headGroups = head ? head.split(':') : [];
    const restGroups = rest ? rest.split(':') : [];
    const groups = [...headGroups, ...restGroups];
    if (!groups.every((group) => HEXTET.test(group))) return false;
    return groups.length + groupsForTail <= 7;
  }
  const groups = text.split(':');
  return groups.length + groupsForTail === 8 && groups.every((group) => HEXTET.test(group));
}

/** The kind of an allow-list entry, or null when it is none of IPv4, IPv6, IPv4 CIDR, IPv6 CIDR. */
export function ipEntryKind(raw: string): IpEntryKind | null {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  const slash = value.indexOf('/');
  if (slash < 0) {
    if (isIpv4(value)) return 'ipv4';
    if (isIpv6(value)) return 'ipv6';
    return null;
  }
  const address = value.slice(0, slash);
  const prefix = value.slice(slash + 1);
  if (!PREFIX.test(prefix)) return null;
  const bits = Number(prefix);
  if (isIpv4(address)) return bits <= 32 ? 'ipv4-cidr' : null;
  if (isIpv6(address)) return bits <= 128 ? 'ipv6-cidr' : null;
  return null;
}

export function isValidIpEntry(raw: string): boolean {
  return ipEntryKind(raw) !== null;
}

/** Canonical spelling for comparing entries: trimmed, IPv6 lower-cased. */
export function normalizeIpEntry(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Splits pasted text (commas, semicolons, spaces, new lines) into trimmed, non-empty entries. */
export function splitIpInput(text: string): string[] {
  return text
    .split(/[\s,;，；]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export type AddEntriesProblem = 'invalid' | 'duplicate' | 'tooMany';

export interface AddEntriesResult {
  /** The list after adding every acceptable entry. */
  list: string[];
  /** Entries that were refused, with the reason. */
  rejected: { entry: string; problem: AddEntriesProblem }[];
}

/** Adds pasted entries to a list: invalid and duplicate entries are refused, and so is anything beyond the limit. */
export function addIpEntries(
  list: readonly string[],
  input: string,
  max: number = MAX_ALLOW_LIST_ENTRIES,
): AddEntriesResult {
  const next = [...list];
  const seen = new Set(list.map(normalizeIpEntry));
  const rejected: AddEntriesResult['rejected'] = [];
  for (const entry of splitIpInput(input)) {
    const key = normalizeIpEntry(entry);
    if (!isValidIpEntry(entry)) rejected.push({ entry, problem: 'invalid' });
    else if (seen.has(key)) rejected.push({ entry, problem: 'duplicate' });
    else if (next.length >= max) rejected.push({ entry, problem: 'tooMany' });
    else {
      seen.add(key);
      next.push(key);
    }
  }
  return { list: next, rejected };
}
