import { type Locale, type Ownership, type OwnershipStatus, ownershipRecordName } from '@namebourse/contract';
import type { ProofRow } from './ownership.repository.ts';

/** The TXT value that proves a user holds a domain: `namebourse-verification=<token>`. */
export const OWNERSHIP_TXT_VALUE_PREFIX = 'namebourse-verification=';

export function ownershipRecordValue(token: string): string {
  return `${OWNERSHIP_TXT_VALUE_PREFIX}${token}`;
}

/**
 * Why a check did not pass (or, `held_here`, why none is needed). `nxdomain`, `no_record`,
 * `wrong_token` are answers from DNS (they count as misses of a verified proof); `timeout` and
 * `unreachable` are outages (retried sooner, never a miss); `token_expired`: a value never proven
 * in time was replaced by a new one.
 */
export const OWNERSHIP_REASONS = [
  'nxdomain',
  'no_record',
  'wrong_token',
  'timeout',
  'unreachable',
  'token_expired',
  'held_here',
] as const;
export type OwnershipReason = (typeof OWNERSHIP_REASONS)[number];

const REASON_TEXTS: Record<OwnershipReason, Record<Locale, (name: string) => string>> = {
  nxdomain: {
    'zh-CN': (name) => `未找到 ${name}：该名称不存在。请添加 TXT 记录（DNS 修改生效可能需要一段时间）后再验证`,
    'en-US': (name) =>
      `${name} was not found: the name does not exist. Add the TXT record (DNS changes may take a while to show), then check again`,
  },
  no_record: {
    'zh-CN': (name) => `${name} 没有 TXT 记录。请添加下方的 TXT 记录后再验证`,
    'en-US': (name) => `${name} has no TXT record. Add the TXT record shown, then check again`,
  },
  wrong_token: {
    'zh-CN': (name) => `${name} 的 TXT 记录与此处显示的值不一致。请将记录值改为下方的值后再验证`,
    'en-US': (name) =>
      `The TXT record at ${name} does not hold the value shown here. Change it to this value, then check again`,
  },
  timeout: {
    'zh-CN': () => 'DNS 服务器未及时响应，请稍后重试',
    'en-US': () => 'The DNS servers did not answer in time. Please try again later',
  },
  unreachable: {
    'zh-CN': () => '暂时无法查询 DNS，请稍后重试',
    'en-US': () => 'DNS could not be queried right now. Please try again later',
  },
  token_expired: {
    'zh-CN': () => '之前的验证值已过期：请发布下方的新值后再验证',
    'en-US': () => 'The previous value expired: publish the new value shown, then check again',
  },
  held_here: {
    'zh-CN': () => '该域名已在您的账户中，无需验证所有权',
    'en-US': () => 'This domain is in your account: no ownership proof is needed',
  },
};

export function ownershipReasonText(reason: string | null, domain: string, locale: Locale): string | null {
  if (reason === null) return null;
  const texts = REASON_TEXTS[reason as OwnershipReason];
  return texts ? texts[locale](ownershipRecordName(domain)) : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A proof as the contract's Ownership, in the reader's language; every returned field listed. */
export function presentOwnership(row: ProofRow, locale: Locale): Ownership {
  return {
    domain: row.domain,
    recordName: ownershipRecordName(row.domain),
    recordValue: ownershipRecordValue(row.token),
    status: row.status as OwnershipStatus,
    verifiedAt: iso(row.verifiedAt),
    lastCheckedAt: iso(row.lastCheckedAt),
    reason: row.reason,
    reasonText: ownershipReasonText(row.reason, row.domain, locale),
  };
}

/** A domain the user holds here: nothing to prove (status verified, reason `held_here`, no TXT value). */
export function presentHeldHere(domain: string, acquiredAt: Date, locale: Locale): Ownership {
  return {
    domain,
    recordName: ownershipRecordName(domain),
    recordValue: '',
    status: 'verified',
    verifiedAt: acquiredAt.toISOString(),
    lastCheckedAt: null,
    reason: 'held_here',
    reasonText: ownershipReasonText('held_here', domain, locale),
  };
}
