import type { Locale, MessageKind } from '@namebourse/contract';
import type { Template } from './messages.template-types.ts';

/**
 * Messages of buying from sellers (issue 17), both sides. Params by kind (all optional):
 * - order_created: orderId, domain, amountCents, payBy (ISO), paid ('true' when paid at once)
 * - sale_ordered / sale_paid / sale_cancelled: orderId, listingId, domain, priceCents, deliverBy (ISO,
 *   sale_paid of a domain held elsewhere), reason (sale_cancelled: 'unpaid' | 'refunded' | 'not_delivered' | 'seller_unavailable')
 * - sale_completed: orderId, listingId, domain, priceCents, commissionCents, netCents
 * - offer_received / offer_countered / offer_accepted / offer_rejected / offer_expired: offerId,
 *   listingId, domain, amountCents, orderId (accepted), by ('buyer' | 'seller'), payBy (accepted, ISO)
 */
type Kinds =
  | 'order_created'
  | 'sale_ordered'
  | 'sale_paid'
  | 'sale_completed'
  | 'sale_cancelled'
  | 'offer_received'
  | 'offer_countered'
  | 'offer_accepted'
  | 'offer_rejected'
  | 'offer_expired';

const CANCEL_REASON: Record<Locale, Record<string, string>> = {
  'zh-CN': {
    unpaid: '买家未在 72 小时内付款',
    refunded: '订单已退款',
    not_delivered: '未在期限内完成交付，买家已获退款',
  },
  'en-US': {
    unpaid: 'the buyer did not pay within 72 hours',
    refunded: 'the order was refunded',
    not_delivered: 'it was not delivered in time and the buyer was refunded',
    seller_unavailable: 'you no longer hold the domain, so the buyer was refunded',
  },
};

export const TRADING_TEMPLATES: Record<Kinds & MessageKind, Record<Locale, Template>> = {
  order_created: {
    'zh-CN': (f, p) => ({
      title: p.paid === 'true' || p.paid === true ? '购买成功' : '订单已创建，请尽快支付',
      body:
        p.paid === 'true' || p.paid === true
          ? `您已购买 ${f.s('domain')}，订单 ${f.s('orderId')} 已从余额支付 ${f.usd('amountCents')}。`
          : `订单 ${f.s('orderId')}（${f.s('domain')}，${f.usd('amountCents')}）等待支付${f.opt('payBy', () => `，请于 ${f.time('payBy')} 前支付`)}。逾期未付将视为违约。`,
    }),
    'en-US': (f, p) => ({
      title: p.paid === 'true' || p.paid === true ? 'Purchase complete' : 'Order created: please pay',
      body:
        p.paid === 'true' || p.paid === true
          ? `You bought ${f.s('domain')}: order ${f.s('orderId')} was paid from your balance (${f.usd('amountCents')}).`
          : `Order ${f.s('orderId')} (${f.s('domain')}, ${f.usd('amountCents')}) is awaiting payment${f.opt('payBy', () => `; pay by ${f.time('payBy')}`)}. An unpaid order counts as a buyer violation.`,
    }),
  },
  sale_ordered: {
    'zh-CN': (f) => ({
      title: '您的域名已被下单',
      body: `${f.s('domain')} 已被买家以 ${f.usd('priceCents')} 下单（订单 ${f.s('orderId')}），等待买家付款。`,
    }),
    'en-US': (f) => ({
      title: 'Your domain was ordered',
      body: `A buyer ordered ${f.s('domain')} for ${f.usd('priceCents')} (order ${f.s('orderId')}); waiting for their payment.`,
    }),
  },
  sale_paid: {
    'zh-CN': (f) => ({
      title: '买家已付款',
      body: `${f.s('domain')}（订单 ${f.s('orderId')}）买家已付款，款项由平台托管。${f.opt('deliverBy', () => `请于 ${f.time('deliverBy')} 前在“已售域名”中提交转移码完成交付，逾期买家将获退款。`)}`,
    }),
    'en-US': (f) => ({
      title: 'The buyer paid',
      body: `The buyer of ${f.s('domain')} (order ${f.s('orderId')}) paid; the money is held in escrow.${f.opt('deliverBy', () => ` Give its transfer code under Sold domains by ${f.time('deliverBy')}, or the buyer is refunded.`)}`,
    }),
  },
  sale_completed: {
    'zh-CN': (f) => ({
      title: '交易完成，收益已入账',
      body: `${f.s('domain')} 已交付买家。成交价 ${f.usd('priceCents')}，佣金 ${f.usd('commissionCents')}，净收益 ${f.usd('netCents')} 已计入您的卖家收益，可申请结算。`,
    }),
    'en-US': (f) => ({
      title: 'Sale completed: earnings credited',
      body: `${f.s('domain')} was delivered. Price ${f.usd('priceCents')}, commission ${f.usd('commissionCents')}; ${f.usd('netCents')} net was credited to your seller earnings, ready to settle.`,
    }),
  },
  sale_cancelled: {
    'zh-CN': (f, p) => ({
      title: '交易已取消',
      body: `${f.s('domain')} 的订单 ${f.s('orderId')} 已取消${p.reason ? `：${CANCEL_REASON['zh-CN'][String(p.reason)] ?? String(p.reason)}` : ''}。`,
    }),
    'en-US': (f, p) => ({
      title: 'Sale cancelled',
      body: `Order ${f.s('orderId')} for ${f.s('domain')} was cancelled${p.reason ? `: ${CANCEL_REASON['en-US'][String(p.reason)] ?? String(p.reason)}` : ''}.`,
    }),
  },
  offer_received: {
    'zh-CN': (f) => ({
      title: '收到新报价',
      body: `买家对 ${f.s('domain')} 报价 ${f.usd('amountCents')}，请在 7 天内接受、拒绝或还价。`,
    }),
    'en-US': (f) => ({
      title: 'New offer received',
      body: `A buyer offered ${f.usd('amountCents')} for ${f.s('domain')}. Accept, reject or counter within 7 days.`,
    }),
  },
  offer_countered: {
    'zh-CN': (f) => ({
      title: '卖家还价',
      body: `卖家对 ${f.s('domain')} 还价 ${f.usd('amountCents')}，请在 7 天内接受或重新报价。`,
    }),
    'en-US': (f) => ({
      title: 'The seller countered',
      body: `The seller countered with ${f.usd('amountCents')} for ${f.s('domain')}. Accept it or offer again within 7 days.`,
    }),
  },
  offer_accepted: {
    'zh-CN': (f, p) => ({
      title: '报价已接受',
      body:
        p.by === 'buyer'
          ? `买家接受了您对 ${f.s('domain')} 的还价 ${f.usd('amountCents')}，订单 ${f.s('orderId')} 等待买家付款。`
          : `卖家接受了您对 ${f.s('domain')} 的报价 ${f.usd('amountCents')}。请${f.opt('payBy', () => `于 ${f.time('payBy')} 前`)}支付订单 ${f.s('orderId')}。`,
    }),
    'en-US': (f, p) => ({
      title: 'Offer accepted',
      body:
        p.by === 'buyer'
          ? `The buyer accepted your counter of ${f.usd('amountCents')} for ${f.s('domain')}; order ${f.s('orderId')} awaits their payment.`
          : `The seller accepted your offer of ${f.usd('amountCents')} for ${f.s('domain')}. Pay order ${f.s('orderId')}${f.opt('payBy', () => ` by ${f.time('payBy')}`)}.`,
    }),
  },
  offer_rejected: {
    'zh-CN': (f, p) => ({
      title: p.by === 'buyer' ? '买家已拒绝或撤回报价' : '报价未被接受',
      body:
        p.by === 'buyer'
          ? `买家对 ${f.s('domain')} 的报价（${f.usd('amountCents')}）已被拒绝或撤回。`
          : `您对 ${f.s('domain')} 的报价 ${f.usd('amountCents')} 未被接受。`,
    }),
    'en-US': (f, p) => ({
      title: p.by === 'buyer' ? 'Offer declined or withdrawn by the buyer' : 'Offer not accepted',
      body:
        p.by === 'buyer'
          ? `The buyer declined or withdrew the offer of ${f.usd('amountCents')} for ${f.s('domain')}.`
          : `Your offer of ${f.usd('amountCents')} for ${f.s('domain')} was not accepted.`,
    }),
  },
  offer_expired: {
    'zh-CN': (f) => ({
      title: '报价已过期',
      body: `${f.s('domain')} 的报价（${f.usd('amountCents')}）7 天内未获回复，已过期。`,
    }),
    'en-US': (f) => ({
      title: 'Offer expired',
      body: `The offer of ${f.usd('amountCents')} for ${f.s('domain')} got no answer within 7 days and expired.`,
    }),
  },
};
