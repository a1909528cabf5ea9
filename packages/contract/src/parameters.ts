/**
 * The parameters store (issue 18; DESIGN.md §3 "Parameters, not constants"; spec §6, §9): every business
 * number an operator may change, with its type, bounds, default and a bilingual description. The server
 * keeps the values (table `parameters`, history in `parameter_changes`) and reads them at use; pages read
 * them from `GET /api/parameters/public`, never from a copy in the bundle.
 *
 * The defaults are the numbers the earlier issues named in their `*_RULES`/`*_LIMITS` constants; those
 * constants stay only as these defaults (and for tests).
 */
import { z } from 'zod';
import { MfaVerificationSchema } from './account.ts';
import { AUCTION_RULES } from './auctions.values.ts';
import { BUYING_RULES } from './buying.values.ts';
import { DOMAIN_RULES } from './domains.values.ts';
import type { FieldMessageKey } from './field-messages.ts';
import { FUNDS_LIMITS } from './funds.values.ts';
import { LISTING_RULES } from './listings.values.ts';
import type { Locale } from './locale.ts';
import { ORDER_LIMITS } from './orders.ts';
import { API_ACCESS } from './security.ts';

/** How a value is read and shown: money in cents, a rate in basis points, a count, a duration, a switch. */
export const PARAMETER_TYPES = ['cents', 'bps', 'count', 'days', 'months', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Where a parameter belongs (the console groups them). */
export const PARAMETER_GROUPS = ['funds', 'auctions', 'buying', 'domains', 'listings', 'security'] as const;
export type ParameterGroup = (typeof PARAMETER_GROUPS)[number];

interface Definition<T extends ParameterType> {
  type: T;
  group: ParameterGroup;
  default: T extends 'boolean' ? boolean : number;
  /** Bounds (numbers only), inclusive. */
  min?: number;
  max?: number;
  /** Shown to users (`GET /parameters/public`): fee rates, deposit rule, minimums. */
  public: boolean;
  description: Record<Locale, string>;
}

function define<T extends ParameterType>(definition: Definition<T>): Definition<T> {
  return definition;
}

export const PARAMETERS = {
  rechargeFeeCardBps: define({
    type: 'bps',
    group: 'funds',
    default: FUNDS_LIMITS.rechargeFeeBps.card,
    min: 0,
    max: 2_000,
    public: true,
    description: { 'zh-CN': '银行卡充值手续费率（加收）', 'en-US': 'Card top-up fee rate (charged on top)' },
  }),
  rechargeFeeAlipayBps: define({
    type: 'bps',
    group: 'funds',
    default: FUNDS_LIMITS.rechargeFeeBps.alipay,
    min: 0,
    max: 2_000,
    public: true,
    description: { 'zh-CN': '支付宝充值手续费率（加收）', 'en-US': 'Alipay top-up fee rate (charged on top)' },
  }),
  settlementFeeCents: define({
    type: 'cents',
    group: 'funds',
    default: FUNDS_LIMITS.settlementFeeCents,
    min: 0,
    max: 10_000,
    public: true,
    description: { 'zh-CN': '每笔结算手续费（从金额中扣除）', 'en-US': 'Fee per settlement (taken from the amount)' },
  }),
  settlementMinCents: define({
    type: 'cents',
    group: 'funds',
    default: FUNDS_LIMITS.settlementMinCents,
    min: 100,
    max: 1_000_000,
    public: true,
    description: { 'zh-CN': '最低结算金额', 'en-US': 'Lowest settlement amount' },
  }),
  exportMaxRows: define({
    type: 'count',
    group: 'funds',
    default: FUNDS_LIMITS.exportMaxRows,
    min: 100,
    max: 100_000,
    public: true,
    description: { 'zh-CN': '单次导出的最大行数', 'en-US': 'Rows one export writes at most' },
  }),
  depositMinCents: define({
    type: 'cents',
    group: 'auctions',
    default: AUCTION_RULES.depositMinCents,
    min: 0,
    max: 1_000_000,
    public: true,
    description: { 'zh-CN': '竞价保证金下限', 'en-US': 'Lowest bidding deposit' },
  }),
  depositRateBps: define({
    type: 'bps',
    group: 'auctions',
    default: AUCTION_RULES.depositRateBps,
    min: 0,
    max: 10_000,
    public: true,
    description: {
      'zh-CN': '竞价保证金比例（最高出价的百分比）',
      'en-US': 'Bidding deposit rate (of the maximum bid)',
    },
  }),
  goodwillCreditCents: define({
    type: 'cents',
    group: 'auctions',
    default: DOMAIN_RULES.goodwillCreditCents,
    min: 0,
    max: 100_000,
    public: false,
    description: {
      'zh-CN': '原持有人赎回已竞得域名时给买家的补偿金',
      'en-US': 'Goodwill credit to the buyer when the old holder redeems a won domain',
    },
  }),
  commissionBps: define({
    type: 'bps',
    group: 'buying',
    default: BUYING_RULES.commissionBps,
    min: 0,
    max: 5_000,
    public: true,
    description: {
      'zh-CN': '卖家成交佣金费率（不含税价）',
      'en-US': "Commission on a seller's sale (price before tax)",
    },
  }),
  taxRateBps: define({
    type: 'bps',
    group: 'buying',
    default: ORDER_LIMITS.taxRateBps,
    min: 0,
    max: 3_000,
    public: true,
    description: { 'zh-CN': '订单税率（不含税金额的百分比）', 'en-US': 'Order tax rate (of the amount before tax)' },
  }),
  externalDeliveryDays: define({
    type: 'days',
    group: 'buying',
    default: BUYING_RULES.externalDeliveryDays,
    min: 1,
    max: 60,
    public: true,
    description: {
      'zh-CN': '外部域名卖家交付期限（付款后天数），逾期退款',
      'en-US': 'Days a seller has to push a domain held elsewhere after payment, else a refund',
    },
  }),
  transferOutWaitDays: define({
    type: 'days',
    group: 'domains',
    default: DOMAIN_RULES.transferOutWaitDays,
    min: 0,
    max: 120,
    public: true,
    description: {
      'zh-CN': '交付或转入后可转出前的等待天数',
      'en-US': 'Days after delivery or transfer-in before a transfer out',
    },
  }),
  authCodeLifetimeDays: define({
    type: 'days',
    group: 'domains',
    default: DOMAIN_RULES.authCodeLifetimeDays,
    min: 1,
    max: 60,
    public: true,
    description: { 'zh-CN': '转移码有效天数', 'en-US': 'Days a transfer code stays valid' },
  }),
  autoApproveHeldPlain: define({
    type: 'boolean',
    group: 'listings',
    default: LISTING_RULES.autoApproveHeldPlain,
    public: false,
    description: {
      'zh-CN': '本平台持有且描述无链接的域名上架自动通过审核',
      'en-US': 'Listings of domains held here with a plain description are approved without review',
    },
  }),
  apiAccessSpentCents: define({
    type: 'cents',
    group: 'security',
    default: API_ACCESS.requiredSpentCents,
    min: 0,
    max: 100_000_000,
    public: true,
    description: {
      'zh-CN': '开通 API 所需的近 24 个月消费额',
      'en-US': 'Spending in the last 24 months that opens API access',
    },
  }),
  apiAccessAvailableCents: define({
    type: 'cents',
    group: 'security',
    default: API_ACCESS.requiredAvailableCents,
    min: 0,
    max: 100_000_000,
    public: true,
    description: { 'zh-CN': '开通 API 所需的可用余额', 'en-US': 'Available balance that opens API access' },
  }),
} as const;

export type ParameterKey = keyof typeof PARAMETERS;
export const PARAMETER_KEYS = Object.keys(PARAMETERS) as ParameterKey[];

/** Every parameter's value (numbers are integers; a boolean parameter is a switch). */
export type ParameterValues = {
  [K in ParameterKey]: (typeof PARAMETERS)[K]['type'] extends 'boolean' ? boolean : number;
};

/** The values when nobody has changed anything. */
export const DEFAULT_PARAMETERS = Object.fromEntries(
  PARAMETER_KEYS.map((key) => [key, PARAMETERS[key].default]),
) as ParameterValues;

export const PUBLIC_PARAMETER_KEYS = PARAMETER_KEYS.filter((key) => PARAMETERS[key].public);
export type PublicParameters = Partial<ParameterValues>;

/** Whether `key` is a parameter (an unknown key in a path answers Request.NotFound). */
export function isParameterKey(key: string): key is ParameterKey {
  return Object.hasOwn(PARAMETERS, key);
}

/** Checks a new value against the parameter's type and bounds: null when valid, else the field-message key. */
export function parameterValueProblem(key: ParameterKey, value: unknown): 'type' | 'min' | 'max' | null {
  const definition: Definition<ParameterType> = PARAMETERS[key];
  if (definition.type === 'boolean') return typeof value === 'boolean' ? null : 'type';
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return 'type';
  if (definition.min !== undefined && value < definition.min) return 'min';
  if (definition.max !== undefined && value > definition.max) return 'max';
  return null;
}

/**
 * The per-field message (a FIELD_MESSAGES key and its parameters) for a value `parameterValueProblem`
 * refused: the bound it broke, or what kind of value the parameter takes.
 */
export function parameterValueMessage(
  key: ParameterKey,
  problem: 'type' | 'min' | 'max',
): { key: FieldMessageKey; params: Record<string, number> } {
  const definition: Definition<ParameterType> = PARAMETERS[key];
  if (problem === 'min') return { key: 'tooSmall', params: { min: definition.min ?? 0 } };
  if (problem === 'max') return { key: 'tooBig', params: { max: definition.max ?? 0 } };
  return { key: definition.type === 'boolean' ? 'parameterSwitch' : 'notInteger', params: {} };
}

// ---- API ----

/** GET /api/admin/parameters: one row per parameter. */
export const ParameterSchema = z.object({
  key: z.string(),
  value: z.union([z.number(), z.boolean()]),
  type: z.enum(PARAMETER_TYPES),
  group: z.enum(PARAMETER_GROUPS),
  defaultValue: z.union([z.number(), z.boolean()]),
  min: z.number().optional(),
  max: z.number().optional(),
  public: z.boolean(),
  /** In the reader's language. */
  description: z.string(),
  /** Null while it has its default. */
  updatedAt: z.string().nullable(),
  /** The operator's account number, or null. */
  updatedBy: z.string().nullable(),
});
export type Parameter = z.infer<typeof ParameterSchema>;

/** POST /api/admin/parameters/:key (MFA-guarded, role admin). */
export const UpdateParameterRequestSchema = z.object({
  value: z.union([z.number(), z.boolean()]),
  reason: z.string().trim().min(2).max(500),
  mfaVerification: MfaVerificationSchema.optional(),
});
export type UpdateParameterRequest = z.infer<typeof UpdateParameterRequestSchema>;

/** GET /api/admin/parameters/:key/history: who changed it, when, from what to what, why; newest first. */
export const ParameterChangeSchema = z.object({
  id: z.string(),
  key: z.string(),
  oldValue: z.union([z.number(), z.boolean()]),
  newValue: z.union([z.number(), z.boolean()]),
  reason: z.string(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type ParameterChange = z.infer<typeof ParameterChangeSchema>;

/** GET /api/parameters/public: the values pages show to users (no sign-in). */
export const PublicParametersSchema = z.record(z.string(), z.union([z.number(), z.boolean()]));
