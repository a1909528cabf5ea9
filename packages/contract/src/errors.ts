/**
 * The error catalogue (spec §8). Every code the server may answer with is listed here with its
 * HTTP status and its texts in both languages. The web app shows `message` from the envelope;
 * these texts are the server's source and the web's fallback.
 */
import { BUYING_ERRORS } from './errors.buying.ts';
import { CHAT_ERRORS } from './errors.chat.ts';
import { CONSOLE_ERRORS } from './errors.console.ts';
import { LISTING_ERRORS } from './errors.listings.ts';
import { NOTIFICATION_ERRORS } from './errors.notifications.ts';
import { PARAMETER_ERRORS } from './errors.parameters.ts';
import { QUEUE_ERRORS } from './errors.queues.ts';
import { RESTRICTION_ERRORS } from './errors.restrictions.ts';
import type { Locale } from './locale.ts';

export type { Locale } from './locale.ts';
export { resolveLocale } from './locale.ts';

export interface ErrorDefinition {
  status: number;
  'zh-CN': string;
  'en-US': string;
}

export const ERROR_CATALOGUE = {
  // Request / platform
  'Request.Invalid': {
    status: 400,
    'zh-CN': '请求参数有误，请检查后重试',
    'en-US': 'Some fields are invalid. Please check and try again',
  },
  'Request.NotFound': { status: 404, 'zh-CN': '地址无效或不存在', 'en-US': 'Invalid or non-existent URL' },
  'Request.MethodNotAllowed': { status: 405, 'zh-CN': '不支持该请求方式', 'en-US': 'This method is not allowed here' },
  'Request.PayloadTooLarge': { status: 413, 'zh-CN': '文件大小超出限制', 'en-US': 'File Size Exceeds Limit' },
  'Request.UnsupportedMediaType': { status: 415, 'zh-CN': '不支持的文件格式', 'en-US': 'Unsupported file format' },
  'Request.TooManyRequests': {
    status: 429,
    'zh-CN': '请求过于频繁，请稍后再试',
    'en-US': 'Too many requests. Please try again later',
  },
  'Request.IdempotencyConflict': {
    status: 422,
    'zh-CN': '该幂等键已用于另一个请求',
    'en-US': 'This idempotency key was already used for a different request',
  },
  'Request.IdempotencyInProgress': {
    status: 409,
    'zh-CN': '相同的请求正在处理中，请稍候',
    'en-US': 'The same request is still being processed. Please wait',
  },
  'Request.Failed': { status: 500, 'zh-CN': '请求失败，请稍后再试', 'en-US': 'Request failed. Try again later' },
  'Request.Unexpected': { status: 500, 'zh-CN': '发生了意外错误', 'en-US': 'An unexpected error has occurred' },
  'Request.Unavailable': {
    status: 503,
    'zh-CN': '服务暂不可用，请稍后再试',
    'en-US': 'Service unavailable. Please try again later',
  },
  'Network.Error': { status: 503, 'zh-CN': '网络错误，请重试', 'en-US': 'Network error, please try again' },
  'Csrf.Invalid': {
    status: 403,
    'zh-CN': '安全校验失败，请刷新页面后重试',
    'en-US': 'Security check failed. Please refresh the page and try again',
  },
  'Dev.Disabled': { status: 404, 'zh-CN': '开发工具未开启', 'en-US': 'Developer tools are not enabled' },
  'Dev.ClockNotManual': { status: 409, 'zh-CN': '当前时钟不是手动时钟', 'en-US': 'The clock is not a manual clock' },

  // Account
  'Account.Unauthorized': { status: 401, 'zh-CN': '此操作需要登录', 'en-US': 'This action requires login' },
  'Account.Forbidden': {
    status: 403,
    'zh-CN': '您没有权限执行此操作',
    'en-US': 'You do not have permission to do this',
  },
  'Account.Locked': { status: 423, 'zh-CN': '您的账户已被锁定', 'en-US': 'Your account has been locked' },
  'Account.Restricted': {
    status: 403,
    'zh-CN': '您的账户受限，部分功能不可用',
    'en-US': 'Your account is restricted with limited functionality',
  },
  'Account.EmailRegistered': { status: 409, 'zh-CN': '该邮箱已注册', 'en-US': 'E-mail already registered' },
  'Account.InvalidCredentials': { status: 401, 'zh-CN': '邮箱或密码错误', 'en-US': 'Incorrect email or password' },
  'Account.PasswordIncorrect': { status: 400, 'zh-CN': '密码错误', 'en-US': 'Incorrect password' },
  'Account.AgreementRequired': {
    status: 400,
    'zh-CN': '请阅读并同意用户协议',
    'en-US': 'Please read and accept the agreement',
  },
  'Account.ResetExpired': {
    status: 400,
    'zh-CN': '设置密码已超时，请重新验证',
    'en-US': 'The password reset has expired. Please verify again',
  },
  'Account.SessionNotFound': {
    status: 404,
    'zh-CN': '该登录会话不存在或已退出',
    'en-US': 'This session does not exist or has already ended',
  },
  'Account.Mfa.Required': {
    status: 403,
    'zh-CN': '请完成多因素验证',
    'en-US': 'Multi-factor verification is required',
  },
  'Account.Mfa.Required.Retry': {
    status: 403,
    'zh-CN': '验证码错误，请重试',
    'en-US': 'Verification failed, please try again',
  },
  'Account.Mfa.Failed': {
    status: 403,
    'zh-CN': '多因素验证失败次数过多，请稍后再试',
    'en-US': 'Too many failed verification attempts. Please try again later',
  },
  'Account.Mfa.MethodRequired': {
    status: 400,
    'zh-CN': '多因素验证至少需要安全手机或身份验证器',
    'en-US': 'MFA needs a secure phone or an authenticator',
  },
  'Account.Mfa.ChallengeExpired': {
    status: 400,
    'zh-CN': '验证已过期，请重新操作',
    'en-US': 'The verification has expired. Please try again',
  },
  'Account.Mfa.BindingExpired': {
    status: 400,
    'zh-CN': '绑定信息已失效，请重新获取二维码',
    'en-US': 'The binding has expired. Please get a new QR code',
  },
  'Account.IpNotAllowed': {
    status: 403,
    'zh-CN': '该 IP 地址不在访问密钥的白名单中',
    'en-US': 'This IP address is not on the access key allow-list',
  },
  'Account.ApiAccessLocked': {
    status: 403,
    'zh-CN': 'API 访问未开通，请联系我们申请试用',
    'en-US': 'API access is locked. Contact us to request a trial',
  },
  'Account.AccessKeyLimit': {
    status: 409,
    'zh-CN': '访问密钥数量已达上限',
    'en-US': 'You have reached the maximum number of access keys',
  },
  'Account.AccessKeyNotFound': { status: 404, 'zh-CN': '访问密钥不存在', 'en-US': 'The access key does not exist' },

  // Verification codes and captcha
  'Verification.TooManyRequests': {
    status: 429,
    'zh-CN': '发送过于频繁，请稍后再试',
    'en-US': 'Codes are sent too often. Please wait before requesting another',
  },
  'Verification.CodeInvalid': { status: 400, 'zh-CN': '验证码错误', 'en-US': 'Invalid verification code' },
  'Verification.AttemptsExceeded': {
    status: 429,
    'zh-CN': '验证码尝试次数过多，请稍后再试。',
    'en-US': 'Maximum verification code attempts exceeded. Please try again later.',
  },
  'Verification.SendFailed': {
    status: 502,
    'zh-CN': '验证码发送失败',
    'en-US': 'Failed to send the verification code',
  },
  'Verification.CaptchaRequired': {
    status: 400,
    'zh-CN': '请先完成人机验证',
    'en-US': 'Please complete the captcha first',
  },
  'Verification.CaptchaInvalid': {
    status: 400,
    'zh-CN': '人机验证失败，请重试',
    'en-US': 'Captcha verification failed, please try again',
  },
  'Verification.MobileInvalid': {
    status: 400,
    'zh-CN': '手机号码无效：请选择国家/地区代码，并填写该国家/地区的手机号码（不含国家/地区代码）',
    'en-US':
      'Invalid mobile number: choose the country or region code, then enter a mobile number from there without it',
  },

  // Profile
  'Profile.PostalCodeInvalid': {
    status: 400,
    'zh-CN': '邮政编码与所选国家/地区的格式不符',
    'en-US': 'The postal code does not match the format of the selected country or region',
  },
  'Profile.TaxIdInvalid': {
    status: 400,
    'zh-CN':
      '税号无效：中国大陆请填写 18 位统一社会信用代码（含校验位），其他国家/地区请填写 5–30 位字母、数字或连字符',
    'en-US':
      'Invalid tax ID: in mainland China, an 18-character unified social credit code with its check character; ' +
      'elsewhere 5–30 letters, digits or hyphens',
  },
  'Profile.RegionDataFailed': {
    status: 502,
    'zh-CN': '获取地区数据失败，请刷新页面',
    'en-US': 'Failed to retrieve region data. Please refresh the page',
  },

  // Commodity / trading
  'Commodity.UserContactInfoIncomplete': {
    status: 403,
    'zh-CN': '请先完善联系信息',
    'en-US': 'Please complete your contact information first',
  },
  'Commodity.BidFailed': { status: 400, 'zh-CN': '出价失败', 'en-US': 'Bid Failed' },
  'Commodity.PurchaseFailed': { status: 400, 'zh-CN': '购买失败', 'en-US': 'Purchase Failed' },
  'Commodity.ListingFailed': { status: 400, 'zh-CN': '上架失败', 'en-US': 'Listing failed' },
  'Commodity.DomainInvalid': {
    status: 400,
    'zh-CN': '域名格式无效。请用点 (.) 分隔各部分，不要包含 www。',
    'en-US': 'Invalid domain format. Use dots (.) between parts. Exclude www.',
  },
  ...LISTING_ERRORS,
  ...BUYING_ERRORS,
  ...PARAMETER_ERRORS,
  ...RESTRICTION_ERRORS,
  ...CHAT_ERRORS,
  ...CONSOLE_ERRORS,
  ...NOTIFICATION_ERRORS,
  ...QUEUE_ERRORS,
  'Auction.NotFound': { status: 404, 'zh-CN': '拍卖不存在', 'en-US': 'This auction does not exist' },
  'Auction.NotOpen': {
    status: 409,
    'zh-CN': '出价失败：该拍卖当前不在竞价中',
    'en-US': 'Bid Failed: this auction is not open for bidding',
  },
  'Auction.BidTooLow': {
    status: 422,
    'zh-CN': '出价失败：出价低于最低可出价',
    'en-US': 'Bid Failed: the bid is below the minimum next bid',
  },
  'Auction.Exited': {
    status: 409,
    'zh-CN': '出价失败：您已退出该拍卖',
    'en-US': 'Bid Failed: you have exited this auction',
  },
  'Auction.OwnLot': {
    status: 409,
    'zh-CN': '出价失败：不能对自己出售的域名出价',
    'en-US': 'Bid Failed: you cannot bid on a domain you are selling',
  },
  'Auction.LeaderCannotExit': {
    status: 409,
    'zh-CN': '您当前领先，不能退出该拍卖',
    'en-US': 'You are leading this auction and cannot exit it',
  },
  'Auction.NotParticipant': {
    status: 409,
    'zh-CN': '您尚未参与该拍卖',
    'en-US': 'You have not bid in this auction',
  },
  'Auction.LotExists': {
    status: 409,
    'zh-CN': '该域名已有进行中的拍卖',
    'en-US': 'This domain already has an open auction',
  },
  'Auction.InvalidTransition': {
    status: 409,
    'zh-CN': '拍卖在当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the auction’s current status',
  },
  'SavedFilter.NotFound': { status: 404, 'zh-CN': '筛选条件不存在', 'en-US': 'This saved filter does not exist' },
  'SavedFilter.LimitReached': {
    status: 409,
    'zh-CN': '保存的筛选条件已达上限',
    'en-US': 'You have reached the maximum number of saved filters',
  },
  'Watchlist.LimitReached': {
    status: 409,
    'zh-CN': '关注列表已达上限',
    'en-US': 'Your watchlist is full',
  },
  'Order.NotFound': { status: 404, 'zh-CN': '订单不存在或已过期', 'en-US': 'The order does not exist or has expired' },
  'Funds.InsufficientBalance': { status: 402, 'zh-CN': '余额不足，请先充值', 'en-US': 'Insufficient balance' },
  'Funds.ExportFailed': {
    status: 500,
    'zh-CN': '导出失败，请稍后再试',
    'en-US': 'Export failed, please try again later',
  },
  'Funds.RechargeNotFound': { status: 404, 'zh-CN': '充值记录不存在', 'en-US': 'This top-up does not exist' },
  'Funds.RechargeBelowMinimum': {
    status: 400,
    'zh-CN': '充值金额最低为 5 美元',
    'en-US': 'The minimum top-up is 5 USD',
  },
  'Funds.PaymentSessionNotFound': {
    status: 404,
    'zh-CN': '支付会话不存在或已过期',
    'en-US': 'This payment session does not exist or has expired',
  },
  'Funds.PaymentSessionClosed': {
    status: 409,
    'zh-CN': '该支付已处理，请返回商户页面',
    'en-US': 'This payment has already been processed. Please return to the merchant',
  },
  'Funds.CardDeclined': {
    status: 402,
    'zh-CN': '银行卡被拒绝，请更换支付方式',
    'en-US': 'The card was declined. Please use another payment method',
  },
  'Funds.CardNotFound': {
    status: 404,
    'zh-CN': '银行卡不存在或已删除',
    'en-US': 'This card does not exist or was removed',
  },
  'Funds.CardLimit': {
    status: 409,
    'zh-CN': '保存的银行卡数量已达上限',
    'en-US': 'You have saved the maximum number of cards',
  },
  'Funds.WebhookSignatureInvalid': {
    status: 400,
    'zh-CN': '回调签名无效',
    'en-US': 'The webhook signature is invalid',
  },
  'Funds.PayeeNotFound': { status: 404, 'zh-CN': '收款人不存在', 'en-US': 'This payee does not exist' },
  'Funds.PayeeLocked': {
    status: 409,
    'zh-CN': '收款人已审核通过，不能修改',
    'en-US': 'An approved payee cannot be edited',
  },
  'Funds.PayeeInReview': {
    status: 409,
    'zh-CN': '收款人正在审核中，请等待审核结果',
    'en-US': 'This payee is under review. Please wait for the result',
  },
  'Funds.PayeeNotApproved': {
    status: 409,
    'zh-CN': '请先添加并通过审核的电汇收款人',
    'en-US': 'Add a wire payee and wait for its approval first',
  },
  'Funds.SettlementBelowMinimum': {
    status: 400,
    'zh-CN': '结算金额最低为 50 美元',
    'en-US': 'The minimum settlement is $50',
  },
  'Funds.SettlementExceedsEarnings': {
    status: 400,
    'zh-CN': '结算金额不能超过可结算收益',
    'en-US': 'The amount exceeds your available earnings',
  },
  'Funds.SettlementNotFound': { status: 404, 'zh-CN': '结算记录不存在', 'en-US': 'This settlement does not exist' },
  // Each entity with a transition table has its own code for an illegal move (409).
  'Recharge.InvalidTransition': {
    status: 409,
    'zh-CN': '充值在当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the top-up’s current status',
  },
  'Payee.InvalidTransition': {
    status: 409,
    'zh-CN': '收款人在当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the payee’s current status',
  },
  'Settlement.InvalidTransition': {
    status: 409,
    'zh-CN': '结算在当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the settlement’s current status',
  },
  // The ledger: a release or capture larger than what its reference holds (not a status change).
  'Funds.InvalidTransition': {
    status: 409,
    'zh-CN': '当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the current status',
  },
  'Ledger.Unbalanced': {
    status: 500,
    'zh-CN': '账务记录不平衡，操作已取消',
    'en-US': 'The ledger entries do not balance; nothing was recorded',
  },
  'Order.NotPayable': {
    status: 409,
    'zh-CN': '该订单当前不能支付',
    'en-US': 'This order cannot be paid now',
  },
  'Order.InvalidTransition': {
    status: 409,
    'zh-CN': '订单在当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the order’s current status',
  },
  'Order.InvoiceUnavailable': {
    status: 409,
    'zh-CN': '订单支付后才能下载发票',
    'en-US': 'The invoice is available once the order is paid',
  },
  'Admin.UserNotFound': { status: 404, 'zh-CN': '用户不存在', 'en-US': 'This user does not exist' },
  'Message.NotFound': { status: 404, 'zh-CN': '消息不存在', 'en-US': 'This message does not exist' },

  // Domains
  'Domain.DeliveryFailed': { status: 502, 'zh-CN': '交付失败', 'en-US': 'Delivery Failed' },
  'Domain.TransferOutFailed': { status: 400, 'zh-CN': '转出失败', 'en-US': 'Transfer out failed' },
  'Domain.TransferCodeFailed': {
    status: 400,
    'zh-CN': '重新获取转移码失败',
    'en-US': 'Failed to re-request the transfer code',
  },
  'Domain.FastTransferFailed': { status: 400, 'zh-CN': '快速转出失败', 'en-US': 'Fast transfer failed' },
  'Domain.TransferLockFailed': {
    status: 400,
    'zh-CN': '更新转移锁状态失败',
    'en-US': 'Failed to update transfer lock status',
  },
  'Domain.NotFound': { status: 404, 'zh-CN': '您的账户中没有这个域名', 'en-US': 'This domain is not in your account' },
  'Domain.InvalidTransition': {
    status: 409,
    'zh-CN': '域名在当前状态下不能执行此操作',
    'en-US': 'This action is not possible in the domain’s current status',
  },
  'Domain.TransferNotAllowedYet': {
    status: 409,
    'zh-CN': '该域名暂不能转出，请在可转出日期之后再试',
    'en-US': 'This domain cannot be transferred out yet; try again after the date shown',
  },
  'Domain.OperationPending': {
    status: 409,
    'zh-CN': '该域名有正在处理的操作，请等待结果后再试',
    'en-US': 'An operation on this domain is in progress; wait for its result and try again',
  },
  'Domain.RenewalFailed': { status: 409, 'zh-CN': '续费失败', 'en-US': 'Renewal failed' },
  'Domain.RedemptionFailed': { status: 409, 'zh-CN': '赎回失败', 'en-US': 'Redemption failed' },
  'Domain.TransferInFailed': { status: 409, 'zh-CN': '转入失败', 'en-US': 'Transfer in failed' },
  'Domain.CancelTransferFailed': {
    status: 409,
    'zh-CN': '取消转出失败',
    'en-US': 'Failed to cancel the transfer out',
  },
  'Domain.GroupNotFound': { status: 404, 'zh-CN': '分组不存在', 'en-US': 'This group does not exist' },
  'Domain.GroupNameTaken': { status: 409, 'zh-CN': '已有同名分组', 'en-US': 'A group with this name already exists' },
  'Domain.GroupsLimit': {
    status: 409,
    'zh-CN': '分组数量已达上限',
    'en-US': 'You have reached the maximum number of groups',
  },

  // Files
  'File.UnsupportedFormat': { status: 415, 'zh-CN': '不支持的文件格式', 'en-US': 'Unsupported file format' },
  'File.TooLarge': { status: 413, 'zh-CN': '文件大小超出限制', 'en-US': 'File Size Exceeds Limit' },
  'File.UploadFailed': { status: 500, 'zh-CN': '上传失败，请重试', 'en-US': 'Upload failed, please try again' },
  'File.ParseError': { status: 400, 'zh-CN': '文件解析错误', 'en-US': 'File parsing error' },
  'File.NotFound': { status: 404, 'zh-CN': '文件不存在或已删除', 'en-US': 'This file does not exist or was removed' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERROR_CATALOGUE[code][locale];
}

export { FIELD_MESSAGES, type FieldMessageKey, fieldMessage } from './field-messages.ts';
