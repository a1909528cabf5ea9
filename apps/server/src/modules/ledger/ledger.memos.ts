import type { Locale } from '@namebourse/contract';

/**
 * Ledger memos: what a ledger transaction says about itself beyond its kind and reference. The
 * system's own memos are stored structured and rendered in the reader's language when a line is
 * presented (the transaction history, its CSV/XLSX export, the console's account view), so a
 * Chinese reader never meets 'exit' or 'Top-up …':
 * - a deposit release or forfeit stores its reason code (auctions.deposits.ts DEPOSIT_REASONS and
 *   'exit', also part of the move's ledger key);
 * - top-ups, settlements and the demo data store a code with its values as JSON text (ledgerMemo).
 * Other memos are kept as written and shown as they are: a domain name (orders, deposits held) or
 * an operator's reason for an adjustment. Memos written in English by earlier versions ('Top-up R…
 * (alipay)', 'Settlement S…', 'Demo balance', …) are recognised and rendered the same way.
 */

/** Why a deposit is released or forfeited: the memo auctions.deposits.ts stores (also part of its ledger key). */
export const DEPOSIT_MEMO_REASONS = ['exit', 'lost', 'paid', 'violation', 'cancelled'] as const;
export type DepositMemoReason = (typeof DEPOSIT_MEMO_REASONS)[number];

function isDepositReason(value: unknown): value is DepositMemoReason {
  return (DEPOSIT_MEMO_REASONS as readonly unknown[]).includes(value);
}

export type LedgerMemo =
  /** A deposit released or forfeited after bidding (stored as the bare reason code). */
  | { code: 'deposit'; reason: DepositMemoReason }
  /** A completed top-up: its id, method and, for a card, the brand and last four digits. */
  | { code: 'topUp'; id: string; method: string; brand?: string; last4?: string }
  /** A settlement's moves (requested, paid, returned). */
  | { code: 'settlement'; id: string }
  /** Earnings from a sale; `demo` for the demo account's seeded history. */
  | { code: 'saleProceeds'; domain: string; demo?: boolean }
  /** The demo accounts' starting balance (seeders); `bidding` for the demo bidders'. */
  | { code: 'demoBalance'; purpose?: 'bidding' };

/** The stored form of a memo (what `transfer` and the hold moves take as `memo`). */
export function ledgerMemo(memo: LedgerMemo): string {
  return JSON.stringify(memo);
}

const DEPOSIT_TEXT: Record<DepositMemoReason, Record<Locale, string>> = {
  exit: { 'zh-CN': '已退出竞拍', 'en-US': 'You left the auction' },
  lost: { 'zh-CN': '未竞得', 'en-US': 'Not the winning bid' },
  paid: { 'zh-CN': '竞得订单已支付', 'en-US': 'Winning order paid' },
  violation: { 'zh-CN': '竞得订单逾期未支付', 'en-US': 'Winning order left unpaid' },
  cancelled: { 'zh-CN': '拍卖已取消', 'en-US': 'Auction cancelled' },
};

const METHOD_TEXT: Record<string, Record<Locale, string>> = {
  card: { 'zh-CN': '银行卡', 'en-US': 'Card' },
  alipay: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
};

const BRAND_TEXT: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  discover: 'Discover',
  diners: 'Diners Club',
};

function topUpText(memo: Extract<LedgerMemo, { code: 'topUp' }>, locale: Locale): string {
  const method = METHOD_TEXT[memo.method]?.[locale] ?? memo.method;
  const card = memo.last4
    ? ` ${BRAND_TEXT[memo.brand?.toLowerCase() ?? ''] ?? memo.brand ?? ''} •••• ${memo.last4}`.replace(/ {2,}/g, ' ')
    : '';
  return locale === 'zh-CN'
    ? `充值 ${memo.id}（${method}${card}）`
    : `Top-up ${memo.id} (${method}${card ? `,${card}` : ''})`;
}

/** A structured memo's text in the reader's language. */
export function memoText(memo: LedgerMemo, locale: Locale): string {
  const zh = locale === 'zh-CN';
  switch (memo.code) {
    case 'deposit':
      return DEPOSIT_TEXT[memo.reason][locale];
    case 'topUp':
      return topUpText(memo, locale);
    case 'settlement':
      return zh ? `结算 ${memo.id}` : `Settlement ${memo.id}`;
    case 'saleProceeds':
      return zh
        ? `销售收入：${memo.domain}${memo.demo ? '（演示数据）' : ''}`
        : `Sale proceeds: ${memo.domain}${memo.demo ? ' (demo data)' : ''}`;
    case 'demoBalance':
      return memo.purpose === 'bidding'
        ? zh
          ? '演示余额（用于出价）'
          : 'Demo balance for bidding'
        : zh
          ? '演示余额'
          : 'Demo balance';
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** The structured memo stored as JSON text, or null when the text is not one. */
function parseStored(stored: string): LedgerMemo | null {
  if (!stored.startsWith('{"code":')) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (value.code) {
    case 'deposit':
      return isDepositReason(value.reason) ? { code: 'deposit', reason: value.reason } : null;
    case 'topUp':
      return isText(value.id) && isText(value.method) && optionalText(value.brand) && optionalText(value.last4)
        ? (value as LedgerMemo)
        : null;
    case 'settlement':
      return isText(value.id) ? { code: 'settlement', id: value.id } : null;
    case 'saleProceeds':
      return isText(value.domain) ? { code: 'saleProceeds', domain: value.domain, demo: value.demo === true } : null;
    case 'demoBalance':
      return value.purpose === 'bidding' ? { code: 'demoBalance', purpose: 'bidding' } : { code: 'demoBalance' };
    default:
      return null;
  }
}

const DEPOSIT_KINDS = new Set(['deposit_release', 'deposit_forfeit']);

/** A deposit line's reason code, or an English memo earlier versions wrote, read as a structured one. */
function parseCode(kind: string, memo: string): LedgerMemo | null {
  if (DEPOSIT_KINDS.has(kind) && isDepositReason(memo)) return { code: 'deposit', reason: memo };
  // 'Top-up R… (alipay)', 'Top-up R… (card visa •••• 4242)'.
  const topUp = /^Top-up (\S+) \((\w+)(?: (\w+) •••• (\d{4}))?\)$/.exec(memo);
  if (topUp) {
    const [, id, method, brand, last4] = topUp as unknown as [string, string, string, string?, string?];
    return { code: 'topUp', id, method, ...(brand && last4 ? { brand, last4 } : {}) };
  }
  const settlement = /^Settlement (S\w+)$/.exec(memo);
  if (settlement) return { code: 'settlement', id: settlement[1] as string };
  const proceeds = /^Sale proceeds: (\S+?)( \(demo data\))?$/.exec(memo);
  if (proceeds) return { code: 'saleProceeds', domain: proceeds[1] as string, demo: Boolean(proceeds[2]) };
  if (memo === 'Demo balance') return { code: 'demoBalance' };
  if (memo === 'Demo balance for bidding') return { code: 'demoBalance', purpose: 'bidding' };
  return null;
}

/**
 * The memo of a ledger line as its reader sees it: a structured (or earlier English) system memo
 * in their language; anything else (a domain, an operator's reason) as written.
 */
export function renderMemo(kind: string, stored: string, locale: Locale): string {
  const memo = parseStored(stored) ?? parseCode(kind, stored);
  return memo ? memoText(memo, locale) : stored;
}
