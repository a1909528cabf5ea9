/**
 * domains: constants, statuses, transition tables and pure rules that need no schema (pages import
 * them without zod; see domains.ts). Spec §2 (domain management), §3 (Domain, Group), §4.
 */

/** Domain lifecycle (spec §4). */
export const DOMAIN_STATUSES = [
  'normal',
  'renewable',
  'renewing',
  'in_redemption',
  'pending_activation',
  'transferring_out',
  'non_renewable',
  'delivery_failed',
] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/**
 * The lifecycle's one transition table. Dates move a domain (the sweeper: normal → renewable
 * within `renewableWithinDays` of expiry, → in_redemption once expired, → non_renewable when the
 * redemption period ends); registrar results move the rest (renewing → normal on success, back on
 * failure; a redemption goes in_redemption → pending_activation → normal). A completed
 * transfer-out removes the domain from My domains (the transfer record keeps it).
 */
export const DOMAIN_TRANSITIONS: Readonly<Record<DomainStatus, readonly DomainStatus[]>> = {
  normal: ['renewable', 'renewing', 'in_redemption', 'transferring_out', 'non_renewable', 'delivery_failed'],
  renewable: ['normal', 'renewing', 'in_redemption', 'transferring_out', 'non_renewable'],
  renewing: ['normal', 'renewable', 'in_redemption'],
  in_redemption: ['pending_activation', 'non_renewable'],
  pending_activation: ['normal', 'in_redemption', 'non_renewable'],
  transferring_out: ['normal', 'renewable', 'in_redemption'],
  non_renewable: [],
  delivery_failed: ['normal'],
};

/**
 * Transfer lock (spec §4): `closed` = locked (transfer prohibited), `open` = unlocked. The change is
 * asynchronous: unlocking goes closed → opening → open, locking open → closing → closed; a failed
 * change returns to where it started.
 */
export const LOCK_STATUSES = ['opening', 'open', 'closing', 'closed'] as const;
export type LockStatus = (typeof LOCK_STATUSES)[number];
export const LOCK_TRANSITIONS: Readonly<Record<LockStatus, readonly LockStatus[]>> = {
  closed: ['opening'],
  opening: ['open', 'closed'],
  open: ['closing'],
  closing: ['closed', 'open'],
};

/** Statuses in which the transfer lock cannot change (spec §4: renewal or redemption periods block it). */
export const LOCK_BLOCKED_STATUSES: readonly DomainStatus[] = [
  'renewing',
  'in_redemption',
  'pending_activation',
  'transferring_out',
  'non_renewable',
  'delivery_failed',
];

/** Transfers out and in (results page): one status set, one table. */
export const TRANSFER_DIRECTIONS = ['out', 'in'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_KINDS = ['standard', 'fast'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export const TRANSFER_STATUSES = ['pending', 'completed', 'cancelled', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_TRANSITIONS: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  pending: ['completed', 'cancelled', 'failed'],
  completed: [],
  cancelled: [],
  failed: [],
};

/** Asynchronous registrar operations a domain can have in flight (GET /domains/:name `pendingOperations`). */
export const DOMAIN_OPERATION_KINDS = [
  'lock',
  'unlock',
  'renew',
  'redeem',
  'transfer_out',
  'fast_transfer',
  'cancel_transfer',
  'transfer_in',
] as const;
export type DomainOperationKind = (typeof DOMAIN_OPERATION_KINDS)[number];

/** Batch actions on many selected domains (POST /domains/batch). */
export const DOMAIN_BATCH_ACTIONS = ['lock', 'unlock', 'group', 'renew'] as const;
export type DomainBatchAction = (typeof DOMAIN_BATCH_ACTIONS)[number];

/** Sort orders of My domains. */
export const DOMAIN_SORTS = ['acquired_desc', 'expires_asc', 'expires_desc', 'name_asc', 'name_desc'] as const;
export type DomainSort = (typeof DOMAIN_SORTS)[number];

/**
 * The business numbers of the domains area. Each is a parameter (spec §9; issue 15): they are
 * named here, read through the server's `domainRules()`, until the parameters store takes them over.
 */
export const DOMAIN_RULES = {
  /** A transfer code (TAC) is valid this long (the registry's TAC lifetime). */
  authCodeLifetimeDays: 14,
  /** A re-request of the transfer code is refused sooner than this after the last one. */
  authCodeReRequestMinutes: 5,
  /** No transfer out until this many days after delivery or transfer-in (ICANN practice). */
  transferOutWaitDays: 60,
  /** A domain becomes renewable this many days before it expires. */
  renewableWithinDays: 30,
  /** After expiry a domain is in redemption this long (registry RGP), then no longer renewable. */
  redemptionDays: 30,
  /** Goodwill credit to the buyer when the old holder redeems a won domain (cents; 0 = none). */
  goodwillCreditCents: 0,
  /** Renewal: 1–10 years at a time. */
  renewYearsMin: 1,
  renewYearsMax: 10,
  /** Groups per account, and the name and description lengths. */
  groupsMax: 100,
  groupNameMax: 30,
  groupDescriptionMax: 200,
  /** A domain's notes. */
  notesMax: 500,
  /** Domains per batch call. */
  batchMax: 500,
  /** Domains per page of My domains. */
  pageSizeMax: 100,
  /** A registrar that has not answered an operation is asked again after this long. */
  pollSeconds: 60,
} as const;

/** The registrar's prices per TLD (cents per year for renewal; one fee for a restore from redemption). */
export interface TldPrice {
  renewalCents: number;
  redemptionCents: number;
}
export const TLD_PRICES: Readonly<Record<string, TldPrice>> = {
  com: { renewalCents: 1_099, redemptionCents: 8_000 },
  net: { renewalCents: 1_399, redemptionCents: 8_000 },
  org: { renewalCents: 1_299, redemptionCents: 8_000 },
  cn: { renewalCents: 999, redemptionCents: 6_000 },
  io: { renewalCents: 4_999, redemptionCents: 12_000 },
  ai: { renewalCents: 7_999, redemptionCents: 15_000 },
  co: { renewalCents: 2_999, redemptionCents: 10_000 },
  xyz: { renewalCents: 1_299, redemptionCents: 7_000 },
  top: { renewalCents: 699, redemptionCents: 6_000 },
  vip: { renewalCents: 1_899, redemptionCents: 8_000 },
};
/** Price of a TLD not listed above. */
export const DEFAULT_TLD_PRICE: TldPrice = { renewalCents: 1_999, redemptionCents: 9_000 };

export function tldPrice(tld: string): TldPrice {
  return TLD_PRICES[tld.toLowerCase()] ?? DEFAULT_TLD_PRICE;
}

/** Partner registrars a fast transfer-out can push to (spec §1). */
export const FAST_TRANSFER_REGISTRARS = [
  'Alibaba Cloud',
  'Tencent Cloud',
  'GoDaddy',
  'Dynadot',
  'Namecheap',
  'West.cn',
] as const;
export type FastTransferRegistrar = (typeof FAST_TRANSFER_REGISTRARS)[number];

/**
 * Why a domain operation was refused or failed: `data.reason` of the Domain.* errors, the
 * `failed[].code` detail of batch results and the stored reason of a failed operation or transfer
 * (registrar failures add the registrar's own words after the code). One catalogue, both languages.
 */
export const DOMAIN_REASONS = {
  renewal_period: { 'zh-CN': '域名正在续费中', 'en-US': 'The domain is being renewed' },
  redemption_period: { 'zh-CN': '域名处于赎回期', 'en-US': 'The domain is in its redemption period' },
  transferring_out: { 'zh-CN': '域名正在转出', 'en-US': 'The domain is being transferred out' },
  listed: {
    'zh-CN': '域名正在出售中，请先下架',
    'en-US': 'The domain is listed for sale; delist it first',
  },
  in_progress: { 'zh-CN': '已有操作正在处理', 'en-US': 'Another operation is in progress' },
  already: { 'zh-CN': '已是该状态', 'en-US': 'It is already in that state' },
  locked: { 'zh-CN': '请先关闭转移锁', 'en-US': 'Turn the transfer lock off first' },
  too_soon: {
    'zh-CN': '获取转移码过于频繁，请稍后再试',
    'en-US': 'The transfer code was requested moments ago; try again in a few minutes',
  },
  state: { 'zh-CN': '当前状态下不能获取转移码', 'en-US': 'A transfer code cannot be issued in this state' },
  wait_period: {
    'zh-CN': '交付或转入后 {days} 天内不能转出',
    'en-US': 'A domain cannot be transferred out within {days} days of delivery or transfer-in',
  },
  not_transferring_out: {
    'zh-CN': '只有转出中的域名才能快速转出',
    'en-US': 'Only a domain being transferred out can be fast-transferred',
  },
  code_expired: { 'zh-CN': '转移码已过期，请重新获取', 'en-US': 'The transfer code has expired; request a new one' },
  dispute: { 'zh-CN': '域名存在争议，不能转出', 'en-US': 'The domain is under dispute and cannot be transferred' },
  not_renewable: { 'zh-CN': '该域名当前不能续费', 'en-US': 'This domain cannot be renewed now' },
  not_redeemable: {
    'zh-CN': '只有赎回期内的域名才能赎回',
    'en-US': 'Only a domain in its redemption period can be redeemed',
  },
  no_pending_transfer: { 'zh-CN': '没有可取消的转出', 'en-US': 'There is no transfer out to cancel' },
  already_held: { 'zh-CN': '该域名已在您的账户中', 'en-US': 'This domain is already in your account' },
  held_by_other: {
    'zh-CN': '该域名在本平台由其他账户持有',
    'en-US': 'This domain is held by another account here',
  },
  transfer_pending: { 'zh-CN': '该域名已有进行中的转入', 'en-US': 'A transfer in of this domain is already pending' },
  wrong_code: { 'zh-CN': '转移码不正确', 'en-US': 'The transfer code is wrong' },
  registrar: { 'zh-CN': '注册商处理失败', 'en-US': 'The registrar could not complete it' },
  same_registrar: {
    'zh-CN': '域名已在该注册商处，请选择其他注册商',
    'en-US': 'The domain is already at that registrar; choose another one',
  },
  registrar_unavailable: {
    'zh-CN': '注册商暂时无法连接，请稍后再试',
    'en-US': 'The registrar cannot be reached now; try again later',
  },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  insufficient_balance: { 'zh-CN': '余额不足', 'en-US': 'Insufficient balance' },
  not_found: { 'zh-CN': '您的账户中没有这个域名', 'en-US': 'This domain is not in your account' },
  group_not_found: { 'zh-CN': '分组不存在', 'en-US': 'This group does not exist' },
} as const satisfies Record<string, { 'zh-CN': string; 'en-US': string }>;
export type DomainReason = keyof typeof DOMAIN_REASONS;

export function isDomainReason(code: string): code is DomainReason {
  return Object.hasOwn(DOMAIN_REASONS, code);
}

/**
 * A stored reason in the reader's language: `code` or `code: registrar's words`
 * (the registrar's words are kept as they came).
 */
export function domainReasonText(
  stored: string | null,
  locale: 'zh-CN' | 'en-US',
  params: Record<string, string | number> = {},
): string | null {
  if (stored === null) return null;
  const at = stored.indexOf(':');
  const code = at < 0 ? stored : stored.slice(0, at);
  if (!isDomainReason(code)) return stored;
  const text = DOMAIN_REASONS[code][locale].replace(/\{(\w+)\}/g, (m, k: string) =>
    params[k] === undefined ? m : String(params[k]),
  );
  return at < 0 ? text : `${text}: ${stored.slice(at + 1).trim()}`;
}
