/**
 * Buying's part of the error catalogue (errors.ts spreads it into ERROR_CATALOGUE): cart, offers,
 * watched listings and the seller's push of an external domain, in both languages. A purchase that
 * cannot happen is the spec's Commodity.PurchaseFailed with its reason (PURCHASE_FAILURES).
 */
export const BUYING_ERRORS = {
  'Cart.LimitReached': {
    status: 409,
    'zh-CN': '购物车已满（最多 100 个域名），请先结算或移除部分域名',
    'en-US': 'Your cart is full (100 domains at most). Check out or remove some first',
  },
  'Cart.PriceChanged': {
    status: 409,
    'zh-CN': '价格已变动，请确认新价格后再购买',
    'en-US': 'The price has changed. Confirm the new price to buy it',
  },
  'Cart.NotInCart': { status: 404, 'zh-CN': '该域名不在购物车中', 'en-US': 'This domain is not in your cart' },
  'Offer.NotFound': { status: 404, 'zh-CN': '报价不存在', 'en-US': 'This offer does not exist' },
  'Offer.NotAccepted': {
    status: 409,
    'zh-CN': '该域名不接受报价',
    'en-US': 'This domain does not take offers',
  },
  'Offer.AlreadyOpen': {
    status: 409,
    'zh-CN': '您对该域名已有一个待处理的报价，请等待卖家回复',
    'en-US': 'You already have an open offer on this domain. Wait for the seller to answer',
  },
  'Offer.BelowFloor': {
    status: 400,
    'zh-CN': '报价低于卖家设置的最低报价',
    'en-US': 'The offer is below the seller’s minimum',
  },
  'Offer.OwnListing': {
    status: 409,
    'zh-CN': '不能对自己的域名报价',
    'en-US': 'You cannot make an offer on your own domain',
  },
  'Offer.InvalidTransition': {
    status: 409,
    'zh-CN': '该报价当前状态不允许此操作',
    'en-US': 'This offer cannot do that in its current status',
  },
  'Offer.NotYourTurn': {
    status: 409,
    'zh-CN': '正在等待对方回复该报价',
    'en-US': 'This offer is waiting for the other side to answer',
  },
  'Delivery.NotAllowed': {
    status: 409,
    'zh-CN': '交付失败：该订单当前无需或不能由卖家交付',
    'en-US': 'Delivery Failed: this order is not waiting for your delivery',
  },
} as const;
