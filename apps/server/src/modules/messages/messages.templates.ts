import { domainReasonText, type Locale, MESSAGE_KINDS, type MessageKind } from '@namebourse/contract';
import { OPERATOR_TEMPLATES } from './messages.templates.operator.ts';
import { TRADING_TEMPLATES } from './messages.templates.trading.ts';
import { formatZoned } from './messages.time.ts';

/**
 * Titles and bodies of the message centre, rendered when read, in the reader's language and time
 * zone, from a message's kind and the params its sender stored. Params by kind (all optional: a
 * missing one leaves its part out rather than printing a placeholder):
 *
 * - recharge_succeeded / recharge_failed: rechargeId, amountCents, reason
 * - payee_approved / payee_rejected / payee_needs_supplement: payeeType ('wire' | 'paypal'), name, reason
 * - settlement_processing / settlement_succeeded / settlement_failed: settlementId, amountCents,
 *   netCents, target ('balance' | 'wire'), reason
 * - order_paid / order_payment_due / order_expired: orderId, domain, amountCents, payBy (ISO), status
 * - order_refunded: orderId, domain, amountCents, reason (optional; 'redeemed' is worded), goodwillCents (optional)
 * - auction_outbid: auctionId, domain, amountCents (the price now)
 * - auction_won: auctionId, orderId, domain, amountCents, payBy (ISO)
 * - order_delivered: orderId, domain
 * - order_violation: orderId, domain, depositCents (forfeited)
 * - balance_adjusted: amountCents (signed), bucket ('available' | 'earnings'), reason
 * - domain_lock_changed / domain_lock_failed: domain, locked ('true' | 'false'), reason (a DOMAIN_REASONS code)
 * - domain_renewed / domain_renewal_failed: domain, years, expiresAt, orderId, amountCents, reason
 * - domain_redeemed / domain_redemption_failed: domain, expiresAt, orderId, amountCents, reason
 * - transfer_code_ready: domain, expiresAt; transfer_out_completed: domain, registrar (gaining)
 * - transfer_out_failed / transfer_out_cancel_failed / transfer_in_failed: domain, reason; transfer_out_cancelled / transfer_in_completed: domain
 * - listing_approved / listing_modification_approved / listing_paused_ownership / listing_expired: listingId, domain
 * - listing_rejected / listing_supplement_required / listing_modification_rejected: listingId, domain, reason (the operator's words)
 * - listing_expiring: listingId, domain, expiresAt; listing_price_changed: listingId, domain, priceCents, date
 * - buying (order_created, sale_*, offer_*): see messages.templates.trading.ts
 */

export type { Fmt, MessageParams, Reader, Template } from './messages.template-types.ts';

import type { Fmt, MessageParams, Reader, Template } from './messages.template-types.ts';

const PAYEE_TYPE: Record<Locale, Record<string, string>> = {
  'zh-CN': { wire: '电汇收款人', paypal: 'PayPal 收款人' },
  'en-US': { wire: 'bank wire payee', paypal: 'PayPal payee' },
};
const TARGET: Record<Locale, Record<string, string>> = {
  'zh-CN': { balance: '结算到余额', wire: '电汇' },
  'en-US': { balance: 'to your balance', wire: 'by bank wire' },
};
const BUCKET: Record<Locale, Record<string, string>> = {
  'zh-CN': { available: '可用余额', earnings: '收益', frozen: '冻结金额' },
  'en-US': { available: 'available balance', earnings: 'earnings', frozen: 'frozen amount' },
};
const ORDER_STATUS: Record<Locale, Record<string, string>> = {
  'zh-CN': { buyer_violation: '买家违约', expired: '已过期' },
  'en-US': { buyer_violation: 'buyer violation', expired: 'expired' },
};

/** A stored domain reason (`code` or `code: registrar words`) in the reader's language. */
function reason(v: string, locale: Locale): string {
  return domainReasonText(v, locale) ?? v;
}

const REFUND_REASON: Record<Locale, Record<string, string>> = {
  'zh-CN': { redeemed: '原持有人已赎回该域名' },
  'en-US': { redeemed: 'the previous holder redeemed the domain' },
};

function amountOf(p: MessageParams): number | null {
  const v = p.amountCents;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const TEMPLATES: Record<MessageKind, Record<Locale, Template>> = {
  ...TRADING_TEMPLATES,
  ...OPERATOR_TEMPLATES,
  recharge_succeeded: {
    'zh-CN': (f) => ({
      title: '充值成功',
      body: `您的充值${f.opt('amountCents', () => ` ${f.usd('amountCents')}`)}已到账，可用于出价和支付订单。${f.opt('rechargeId', (v) => `充值单号：${v}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Top-up successful',
      body: `Your top-up${f.opt('amountCents', () => ` of ${f.usd('amountCents')}`)} has been added to your available balance.${f.opt('rechargeId', (v) => ` Top-up ID: ${v}.`)}`,
    }),
  },
  recharge_failed: {
    'zh-CN': (f) => ({
      title: '充值失败',
      body: `您的充值${f.opt('amountCents', () => ` ${f.usd('amountCents')}`)}未成功，款项未入账。${f.opt('reason', (v) => `原因：${v}。`)}请重试或更换支付方式。`,
    }),
    'en-US': (f) => ({
      title: 'Top-up failed',
      body: `Your top-up${f.opt('amountCents', () => ` of ${f.usd('amountCents')}`)} did not go through and nothing was credited.${f.opt('reason', (v) => ` Reason: ${v}.`)} Please try again or use another payment method.`,
    }),
  },
  payee_approved: {
    'zh-CN': (f, p) => ({
      title: '收款人审核通过',
      body: `您的${PAYEE_TYPE['zh-CN'][String(p.payeeType)] ?? '收款人'}${f.opt('name', (v) => `（${v}）`)}已审核通过，现在可以申请结算。`,
    }),
    'en-US': (f, p) => ({
      title: 'Payee approved',
      body: `Your ${PAYEE_TYPE['en-US'][String(p.payeeType)] ?? 'payee'}${f.opt('name', (v) => ` (${v})`)} has been approved. You can now apply for settlements.`,
    }),
  },
  payee_rejected: {
    'zh-CN': (f, p) => ({
      title: '收款人审核未通过',
      body: `您的${PAYEE_TYPE['zh-CN'][String(p.payeeType)] ?? '收款人'}${f.opt('name', (v) => `（${v}）`)}未通过审核。${f.opt('reason', (v) => `原因：${v}。`)}`,
    }),
    'en-US': (f, p) => ({
      title: 'Payee rejected',
      body: `Your ${PAYEE_TYPE['en-US'][String(p.payeeType)] ?? 'payee'}${f.opt('name', (v) => ` (${v})`)} was not approved.${f.opt('reason', (v) => ` Reason: ${v}.`)}`,
    }),
  },
  payee_needs_supplement: {
    'zh-CN': (f, p) => ({
      title: '收款人资料需补充',
      body: `您的${PAYEE_TYPE['zh-CN'][String(p.payeeType)] ?? '收款人'}${f.opt('name', (v) => `（${v}）`)}需要补充资料。${f.opt('reason', (v) => `说明：${v}。`)}请补充后重新提交审核。`,
    }),
    'en-US': (f, p) => ({
      title: 'Payee needs more information',
      body: `Your ${PAYEE_TYPE['en-US'][String(p.payeeType)] ?? 'payee'}${f.opt('name', (v) => ` (${v})`)} needs more information.${f.opt('reason', (v) => ` Note: ${v}.`)} Please add it and submit it for review again.`,
    }),
  },
  settlement_processing: {
    'zh-CN': (f, p) => ({
      title: '结算处理中',
      body: `您的结算申请${f.opt('settlementId', (v) => ` ${v}`)}${f.opt('amountCents', () => `（${f.usd('amountCents')}，${TARGET['zh-CN'][String(p.target)] ?? ''}）`)}已审核通过，正在处理。`,
    }),
    'en-US': (f, p) => ({
      title: 'Settlement in progress',
      body: `Your settlement${f.opt('settlementId', (v) => ` ${v}`)}${f.opt('amountCents', () => ` of ${f.usd('amountCents')} ${TARGET['en-US'][String(p.target)] ?? ''}`.trimEnd())} has been approved and is being processed.`,
    }),
  },
  settlement_succeeded: {
    'zh-CN': (f) => ({
      title: '结算成功',
      body: `您的结算${f.opt('settlementId', (v) => ` ${v}`)}已完成${f.opt('netCents', () => `，实际到账 ${f.usd('netCents')}`)}。`,
    }),
    'en-US': (f) => ({
      title: 'Settlement completed',
      body: `Your settlement${f.opt('settlementId', (v) => ` ${v}`)} is complete${f.opt('netCents', () => `: ${f.usd('netCents')} paid out`)}.`,
    }),
  },
  settlement_failed: {
    'zh-CN': (f) => ({
      title: '结算失败',
      body: `您的结算${f.opt('settlementId', (v) => ` ${v}`)}未能完成${f.opt('amountCents', () => `，${f.usd('amountCents')} 已退回收益`)}。${f.opt('reason', (v) => `原因：${v}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Settlement failed',
      body: `Your settlement${f.opt('settlementId', (v) => ` ${v}`)} could not be completed${f.opt('amountCents', () => `; ${f.usd('amountCents')} was returned to your earnings`)}.${f.opt('reason', (v) => ` Reason: ${v}.`)}`,
    }),
  },
  order_paid: {
    'zh-CN': (f) => ({
      title: '订单支付成功',
      body: `订单 ${f.s('orderId')}（${f.s('domain')}）已支付 ${f.usd('amountCents')}，款项由平台托管，等待交付。发票可在订单列表下载。`,
    }),
    'en-US': (f) => ({
      title: 'Order paid',
      body: `Order ${f.s('orderId')} (${f.s('domain')}) is paid: ${f.usd('amountCents')} is held in escrow until delivery. You can download the invoice from your orders.`,
    }),
  },
  order_payment_due: {
    'zh-CN': (f) => ({
      title: '订单即将到期，请尽快支付',
      body: `订单 ${f.s('orderId')}（${f.s('domain')}）需支付 ${f.usd('amountCents')}${f.opt('payBy', () => `，请在 ${f.time('payBy')} 前完成支付`)}，逾期未付将按违约处理。`,
    }),
    'en-US': (f) => ({
      title: 'Payment due soon',
      body: `Please pay ${f.usd('amountCents')} for order ${f.s('orderId')} (${f.s('domain')})${f.opt('payBy', () => ` before ${f.time('payBy')}`)}. Orders left unpaid are closed as a buyer violation or expire.`,
    }),
  },
  order_expired: {
    'zh-CN': (f, p) => ({
      title: '订单未按时支付',
      body: `订单 ${f.s('orderId')}（${f.s('domain')}）未在支付期限内付款，已关闭${f.opt('status', () => `（${ORDER_STATUS['zh-CN'][String(p.status)] ?? f.s('status')}）`)}。`,
    }),
    'en-US': (f, p) => ({
      title: 'Order not paid in time',
      body: `Order ${f.s('orderId')} (${f.s('domain')}) was not paid within its payment window and has been closed${f.opt('status', () => ` (${ORDER_STATUS['en-US'][String(p.status)] ?? f.s('status')})`)}.`,
    }),
  },
  order_refunded: {
    'zh-CN': (f) => ({
      title: '订单已退款',
      body: `订单 ${f.s('orderId')}（${f.s('domain')}）的 ${f.usd('amountCents')} 已从托管退回您的可用余额。${f.opt('reason', (v) => `原因：${REFUND_REASON['zh-CN'][v] ?? v}。`)}${f.opt('goodwillCents', () => `另赠送 ${f.usd('goodwillCents')} 补偿金至您的可用余额。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Order refunded',
      body: `${f.usd('amountCents')} for order ${f.s('orderId')} (${f.s('domain')}) has been returned from escrow to your available balance.${f.opt('reason', (v) => ` Reason: ${REFUND_REASON['en-US'][v] ?? v}.`)}${f.opt('goodwillCents', () => ` A goodwill credit of ${f.usd('goodwillCents')} has been added to your available balance.`)}`,
    }),
  },
  auction_outbid: {
    'zh-CN': (f) => ({
      title: '您的出价已被超过',
      body: `${f.s('domain')} 的当前价已升至 ${f.usd('amountCents')}，您已不再领先。提高您的最高出价即可继续竞拍。`,
    }),
    'en-US': (f) => ({
      title: 'You have been outbid',
      body: `The price of ${f.s('domain')} is now ${f.usd('amountCents')} and you are no longer leading. Raise your maximum to stay in.`,
    }),
  },
  auction_won: {
    'zh-CN': (f) => ({
      title: '恭喜您竞得域名',
      body: `您以 ${f.usd('amountCents')} 竞得 ${f.s('domain')}（订单 ${f.s('orderId')}）。请在 ${f.time('payBy')} 前完成支付，逾期将视为违约并扣除保证金。`,
    }),
    'en-US': (f) => ({
      title: 'You won the auction',
      body: `You won ${f.s('domain')} at ${f.usd('amountCents')} (order ${f.s('orderId')}). Please pay by ${f.time('payBy')}; an unpaid win is a violation and the deposit is forfeited.`,
    }),
  },
  order_delivered: {
    'zh-CN': (f) => ({
      title: '域名已交付',
      body: `${f.s('domain')}（订单 ${f.s('orderId')}）已交付到您的账户，可在“我的域名”中查看。域名仍在原注册商处，您可随时申请转移码转出。`,
    }),
    'en-US': (f) => ({
      title: 'Domain delivered',
      body: `${f.s('domain')} (order ${f.s('orderId')}) has been delivered to your account: see My domains. It stays at its original registrar until you request a transfer code.`,
    }),
  },
  order_violation: {
    'zh-CN': (f) => ({
      title: '订单违约',
      body: `订单 ${f.s('orderId')}（${f.s('domain')}）未在 72 小时内支付，已作违约处理，保证金 ${f.usd('depositCents')} 已扣除，订单已作废。`,
    }),
    'en-US': (f) => ({
      title: 'Order violation',
      body: `Order ${f.s('orderId')} (${f.s('domain')}) was not paid within 72 hours: it is a buyer violation, the deposit of ${f.usd('depositCents')} is forfeited and the order is voided.`,
    }),
  },
  balance_adjusted: {
    'zh-CN': (f, p) => {
      const amount = amountOf(p);
      const bucket = BUCKET['zh-CN'][String(p.bucket)] ?? '余额';
      return {
        title: '账户余额调整',
        body: `平台已${amount !== null && amount < 0 ? '扣减' : '增加'}您的${bucket}${amount !== null ? ` ${f.money(Math.abs(amount))}` : ''}。${f.opt('reason', (v) => `原因：${v}。`)}`,
      };
    },
    'en-US': (f, p) => {
      const amount = amountOf(p);
      const bucket = BUCKET['en-US'][String(p.bucket)] ?? 'balance';
      return {
        title: 'Balance adjusted',
        body: `We ${amount !== null && amount < 0 ? 'debited' : 'credited'}${amount !== null ? ` ${f.money(Math.abs(amount))}` : ''} ${amount !== null && amount < 0 ? 'from' : 'to'} your ${bucket}.${f.opt('reason', (v) => ` Reason: ${v}.`)}`,
      };
    },
  },
  domain_lock_changed: {
    'zh-CN': (f, p) => ({
      title: '转移锁已更新',
      body: `${f.s('domain')} 的转移锁已${p.locked === 'true' ? '开启（禁止转移）' : '关闭（允许转移）'}。`,
    }),
    'en-US': (f, p) => ({
      title: 'Transfer lock updated',
      body: `The transfer lock of ${f.s('domain')} is now ${p.locked === 'true' ? 'on (transfers prohibited)' : 'off (transfers allowed)'}.`,
    }),
  },
  domain_lock_failed: {
    'zh-CN': (f, p) => ({
      title: '更新转移锁状态失败',
      body: `${f.s('domain')} 的转移锁未能${p.locked === 'true' ? '开启' : '关闭'}，状态保持不变。${f.opt('reason', (v) => `原因：${reason(v, 'zh-CN')}。`)}`,
    }),
    'en-US': (f, p) => ({
      title: 'Failed to update transfer lock status',
      body: `The transfer lock of ${f.s('domain')} could not be turned ${p.locked === 'true' ? 'on' : 'off'}; it is unchanged.${f.opt('reason', (v) => ` Reason: ${reason(v, 'en-US')}.`)}`,
    }),
  },
  domain_renewed: {
    'zh-CN': (f) => ({
      title: '域名续费成功',
      body: `${f.s('domain')} 已续费 ${f.s('years')} 年${f.opt('expiresAt', () => `，新的到期时间为 ${f.time('expiresAt')}`)}。${f.opt('orderId', (v) => `订单 ${v}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Domain renewed',
      body: `${f.s('domain')} was renewed for ${f.s('years')} year(s)${f.opt('expiresAt', () => `; it now expires on ${f.time('expiresAt')}`)}.${f.opt('orderId', (v) => ` Order ${v}.`)}`,
    }),
  },
  domain_renewal_failed: {
    'zh-CN': (f) => ({
      title: '域名续费失败',
      body: `${f.s('domain')} 续费未成功${f.opt('amountCents', () => `，${f.usd('amountCents')} 已退回可用余额`)}。${f.opt('reason', (v) => `原因：${reason(v, 'zh-CN')}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Renewal failed',
      body: `The renewal of ${f.s('domain')} did not go through${f.opt('amountCents', () => `; ${f.usd('amountCents')} is back in your available balance`)}.${f.opt('reason', (v) => ` Reason: ${reason(v, 'en-US')}.`)}`,
    }),
  },
  domain_redeemed: {
    'zh-CN': (f) => ({
      title: '域名赎回成功',
      body: `${f.s('domain')} 已从赎回期恢复${f.opt('expiresAt', () => `，新的到期时间为 ${f.time('expiresAt')}`)}。`,
    }),
    'en-US': (f) => ({
      title: 'Domain redeemed',
      body: `${f.s('domain')} was restored from its redemption period${f.opt('expiresAt', () => `; it now expires on ${f.time('expiresAt')}`)}.`,
    }),
  },
  domain_redemption_failed: {
    'zh-CN': (f) => ({
      title: '域名赎回失败',
      body: `${f.s('domain')} 赎回未成功${f.opt('amountCents', () => `，${f.usd('amountCents')} 已退回可用余额`)}。${f.opt('reason', (v) => `原因：${reason(v, 'zh-CN')}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Redemption failed',
      body: `The redemption of ${f.s('domain')} did not go through${f.opt('amountCents', () => `; ${f.usd('amountCents')} is back in your available balance`)}.${f.opt('reason', (v) => ` Reason: ${reason(v, 'en-US')}.`)}`,
    }),
  },
  transfer_code_ready: {
    'zh-CN': (f) => ({
      title: '转移码已生成',
      body: `${f.s('domain')} 的转移码已生成并发送到您的邮箱${f.opt('expiresAt', () => `，有效期至 ${f.time('expiresAt')}`)}。旧的转移码已失效。`,
    }),
    'en-US': (f) => ({
      title: 'Transfer code issued',
      body: `A transfer code for ${f.s('domain')} was issued and emailed to you${f.opt('expiresAt', () => `; it is valid until ${f.time('expiresAt')}`)}. Any earlier code no longer works.`,
    }),
  },
  transfer_out_completed: {
    'zh-CN': (f) => ({
      title: '域名转出成功',
      body: `${f.s('domain')} 已转出${f.opt('registrar', (v) => `至 ${v}`)}。`,
    }),
    'en-US': (f) => ({
      title: 'Transfer out completed',
      body: `${f.s('domain')} has been transferred out${f.opt('registrar', (v) => ` to ${v}`)}.`,
    }),
  },
  transfer_out_failed: {
    'zh-CN': (f) => ({
      title: '转出失败',
      body: `${f.s('domain')} 未能转出，仍在您的账户中。${f.opt('reason', (v) => `原因：${reason(v, 'zh-CN')}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Transfer out failed',
      body: `${f.s('domain')} was not transferred out and stays in your account.${f.opt('reason', (v) => ` Reason: ${reason(v, 'en-US')}.`)}`,
    }),
  },
  transfer_out_cancel_failed: {
    'zh-CN': (f) => ({
      title: '取消转出失败',
      body: `${f.s('domain')} 的转出未能取消，转出仍在进行。${f.opt('reason', (v) => `原因：${reason(v, 'zh-CN')}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Failed to cancel the transfer out',
      body: `The transfer out of ${f.s('domain')} could not be cancelled and continues.${f.opt('reason', (v) => ` Reason: ${reason(v, 'en-US')}.`)}`,
    }),
  },
  transfer_out_cancelled: {
    'zh-CN': (f) => ({ title: '转出已取消', body: `${f.s('domain')} 的转出已按您的要求取消，转移码已失效。` }),
    'en-US': (f) => ({
      title: 'Transfer out cancelled',
      body: `The transfer out of ${f.s('domain')} was cancelled as you asked; its transfer code no longer works.`,
    }),
  },
  transfer_in_completed: {
    'zh-CN': (f) => ({ title: '域名转入成功', body: `${f.s('domain')} 已转入您的账户，可在“我的域名”中管理。` }),
    'en-US': (f) => ({
      title: 'Transfer in completed',
      body: `${f.s('domain')} has arrived in your account: manage it in My domains.`,
    }),
  },
  transfer_in_failed: {
    'zh-CN': (f) => ({
      title: '转入失败',
      body: `${f.s('domain')} 未能转入。${f.opt('reason', (v) => `原因：${reason(v, 'zh-CN')}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Transfer in failed',
      body: `${f.s('domain')} could not be transferred in.${f.opt('reason', (v) => ` Reason: ${reason(v, 'en-US')}.`)}`,
    }),
  },
  listing_approved: {
    'zh-CN': (f) => ({ title: '出售审核通过', body: `${f.s('domain')} 已审核通过，正在出售中。` }),
    'en-US': (f) => ({ title: 'Listing approved', body: `${f.s('domain')} passed review and is now on sale.` }),
  },
  listing_rejected: {
    'zh-CN': (f) => ({
      title: '出售审核未通过',
      body: `${f.s('domain')} 的出售信息未通过审核。${f.opt('reason', (v) => `原因：${v}。`)}您可以修改后重新提交。`,
    }),
    'en-US': (f) => ({
      title: 'Listing rejected',
      body: `The listing of ${f.s('domain')} did not pass review.${f.opt('reason', (v) => ` Reason: ${v}.`)} You can edit it and submit it again.`,
    }),
  },
  listing_supplement_required: {
    'zh-CN': (f) => ({
      title: '出售信息需补充',
      body: `请补充或修改 ${f.s('domain')} 的出售信息后重新提交。${f.opt('reason', (v) => `说明：${v}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Listing needs more information',
      body: `Please add to or change the listing of ${f.s('domain')} and submit it again.${f.opt('reason', (v) => ` Note: ${v}.`)}`,
    }),
  },
  listing_modification_approved: {
    'zh-CN': (f) => ({ title: '修改审核通过', body: `${f.s('domain')} 的修改已审核通过并生效。` }),
    'en-US': (f) => ({
      title: 'Changes approved',
      body: `Your changes to ${f.s('domain')} passed review and are live.`,
    }),
  },
  listing_modification_rejected: {
    'zh-CN': (f) => ({
      title: '修改审核未通过',
      body: `${f.s('domain')} 的修改未通过审核，原版本继续出售。${f.opt('reason', (v) => `原因：${v}。`)}`,
    }),
    'en-US': (f) => ({
      title: 'Changes rejected',
      body: `Your changes to ${f.s('domain')} did not pass review; the approved version stays on sale.${f.opt('reason', (v) => ` Reason: ${v}.`)}`,
    }),
  },
  listing_paused_ownership: {
    'zh-CN': (f) => ({
      title: '出售已暂停：所有权验证失效',
      body: `未能再次找到 ${f.s('domain')} 的 TXT 验证记录，其出售已暂停。请恢复该记录并重新验证后再上架。`,
    }),
    'en-US': (f) => ({
      title: 'Listing paused: ownership proof missing',
      body: `The TXT record proving you hold ${f.s('domain')} could no longer be found, so its listing is paused. Restore the record and verify again to list it.`,
    }),
  },
  listing_expiring: {
    'zh-CN': (f) => ({
      title: '出售即将到期',
      body: `${f.s('domain')} 的出售将于 ${f.time('expiresAt')} 到期下架，如需继续出售请延长出售期限。`,
    }),
    'en-US': (f) => ({
      title: 'Listing expiring soon',
      body: `The listing of ${f.s('domain')} expires on ${f.time('expiresAt')}. Extend its period to keep it on sale.`,
    }),
  },
  listing_expired: {
    'zh-CN': (f) => ({ title: '出售已到期下架', body: `${f.s('domain')} 的出售期限已到，已下架。您可以重新上架。` }),
    'en-US': (f) => ({
      title: 'Listing expired',
      body: `The listing period of ${f.s('domain')} ended and it was taken off the shelf. You can list it again.`,
    }),
  },
  listing_price_changed: {
    'zh-CN': (f) => ({
      title: '价格日历已生效',
      body: `${f.s('domain')} 的价格已按价格日历调整为 ${f.usd('priceCents')}。`,
    }),
    'en-US': (f) => ({
      title: 'Price calendar applied',
      body: `The price of ${f.s('domain')} changed to ${f.usd('priceCents')} as scheduled in its price calendar.`,
    }),
  },
};

function formatters(params: MessageParams, reader: Reader): Fmt {
  const present = (key: string) => {
    const v = params[key];
    return v !== undefined && v !== null && String(v).trim() !== '';
  };
  const s = (key: string) => (present(key) ? String(params[key]) : '');
  const money = (cents: number) =>
    new Intl.NumberFormat(reader.locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
  const usd = (key: string) => {
    const v = params[key];
    const cents = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(cents) ? money(cents) : '';
  };
  const time = (key: string) => {
    const d = new Date(s(key));
    if (Number.isNaN(d.getTime())) return '';
    if (reader.timeZone) return formatZoned(d, reader.timeZone);
    const local = new Date(d.getTime() + reader.timezoneOffsetMinutes * 60_000).toISOString();
    return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
  };
  return { s, usd, money, time, opt: (key, wrap) => (present(key) ? wrap(s(key)) : '') };
}

function isMessageKind(kind: string): kind is MessageKind {
  return (MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** The title and body of a message for this reader. */
export function renderMessage(kind: string, params: unknown, reader: Reader): { title: string; body: string } {
  const p = params && typeof params === 'object' && !Array.isArray(params) ? (params as MessageParams) : {};
  if (!isMessageKind(kind)) {
    return reader.locale === 'zh-CN' ? { title: '系统通知', body: '' } : { title: 'Notice', body: '' };
  }
  return TEMPLATES[kind][reader.locale](formatters(p, reader), p);
}
