/**
 * The seller centre's part of the error catalogue (errors.ts spreads it into ERROR_CATALOGUE, the
 * one catalogue both sides read): listing, ownership, logo and import refusals, in both languages.
 */
export const LISTING_ERRORS = {
  'Listing.NotFound': { status: 404, 'zh-CN': '出售信息不存在', 'en-US': 'This listing does not exist' },
  'Listing.InvalidTransition': {
    status: 409,
    'zh-CN': '出售信息当前状态不允许此操作',
    'en-US': 'This listing cannot do that in its current status',
  },
  'Listing.AlreadyListed': {
    status: 409,
    'zh-CN': '上架失败：该域名已在出售中',
    'en-US': 'Listing failed: this domain is already listed',
  },
  'Listing.DomainNotHeld': {
    status: 403,
    'zh-CN': '上架失败：该域名不在您的账户中，请先验证所有权或转入',
    'en-US': 'Listing failed: this domain is not in your account. Prove ownership or transfer it in first',
  },
  'Listing.DomainUnavailable': {
    status: 409,
    'zh-CN': '上架失败：该域名当前状态不可出售（转移锁、转出、赎回或操作进行中）',
    'en-US':
      'Listing failed: the domain cannot be sold in its current state (locked, transferring, in redemption or an operation in progress)',
  },
  'Listing.AuctionNeedsHeldDomain': {
    status: 409,
    'zh-CN': '拍卖仅适用于在本平台持有的域名',
    'en-US': 'Auctions are only for domains held in your account here',
  },
  'Listing.OwnershipNotVerified': {
    status: 403,
    'zh-CN': '尚未验证该域名的所有权：请添加 TXT 记录后再验证',
    'en-US': 'Ownership of this domain is not verified yet: publish the TXT record, then check again',
  },
  'Listing.OwnershipCheckFailed': {
    status: 422,
    'zh-CN': '所有权验证未通过',
    'en-US': 'The ownership check did not pass',
  },
  'Listing.OwnershipPaused': {
    status: 409,
    'zh-CN': '该出售因所有权验证失效而暂停，请重新验证后再上架',
    'en-US': 'This listing is paused because its ownership proof disappeared. Verify again to list it',
  },
  'Listing.NotEditable': {
    status: 409,
    'zh-CN': '出售信息当前状态不可编辑',
    'en-US': 'This listing cannot be edited in its current status',
  },
  'Listing.AiTokenSpent': {
    status: 409,
    'zh-CN': '该域名的 AI 生成次数已用完',
    'en-US': 'The AI generation token of this listing is already spent',
  },
  'Listing.LogoInvalid': {
    status: 422,
    'zh-CN': '图片无效：仅支持 JPG 或 PNG，不超过 2000 KB 和 1000 像素',
    'en-US': 'Invalid image: JPG or PNG only, at most 2000 KB and 1000 px',
  },
  'Listing.UploadFailed': { status: 400, 'zh-CN': '上传失败，请重试', 'en-US': 'Upload failed, please try again' },
  'Listing.FileParseError': { status: 422, 'zh-CN': '文件解析错误', 'en-US': 'File parsing error' },
  'Listing.TooManyRows': {
    status: 422,
    'zh-CN': '一次最多 500 行（Excel 最多 1000 个域名）',
    'en-US': 'At most 500 lines at a time (1000 domains in an Excel file)',
  },
} as const;
