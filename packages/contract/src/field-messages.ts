import type { Locale } from './locale.ts';

/** Per-field validation messages used by `Request.Invalid` (keys referenced by schemas). */
export const FIELD_MESSAGES = {
  required: { 'zh-CN': '此项为必填项', 'en-US': 'This field is required' },
  invalid: { 'zh-CN': '格式不正确', 'en-US': 'Invalid value' },
  choice: { 'zh-CN': '请选择有效的选项', 'en-US': 'Please choose one of the options' },
  email: { 'zh-CN': '请输入有效的邮箱地址', 'en-US': 'Please enter a valid email address' },
  tooShort: { 'zh-CN': '内容过短（至少 {min} 个字符）', 'en-US': 'Too short (at least {min} characters)' },
  tooLong: { 'zh-CN': '内容过长（最多 {max} 个字符）', 'en-US': 'Too long (at most {max} characters)' },
  tooSmall: { 'zh-CN': '数值过小（至少 {min}）', 'en-US': 'Too small (at least {min})' },
  tooBig: { 'zh-CN': '数值过大（最多 {max}）', 'en-US': 'Too large (at most {max})' },
  notInteger: { 'zh-CN': '请输入整数', 'en-US': 'Must be a whole number' },
  unknownKey: { 'zh-CN': '不支持的字段', 'en-US': 'Unknown field' },
  unsafeText: {
    'zh-CN': '包含不允许的字符（空字符或无效的 Unicode）',
    'en-US': 'Contains characters that are not allowed (NUL or invalid Unicode)',
  },
  dateInvalid: { 'zh-CN': '请输入有效的日期', 'en-US': 'Enter a valid date' },
  passwordRequired: { 'zh-CN': '请输入密码', 'en-US': 'Password is required' },
  passwordWeak: {
    'zh-CN': '密码需 8-20 位，且至少包含大写字母、小写字母、数字、符号中的三种',
    'en-US': 'Password must be 8–20 characters with at least three of uppercase, lowercase, digit and symbol',
  },
  passwordMismatch: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  rangeInvalid: { 'zh-CN': '范围无效：最大值必须 ≥ 最小值', 'en-US': 'Invalid range: max must be ≥ min' },
  auctionTooShort: { 'zh-CN': '拍卖时长至少 3 天', 'en-US': 'An auction lasts at least 3 days' },
  auctionTooLong: { 'zh-CN': '拍卖时长最多 6 天', 'en-US': 'An auction lasts at most 6 days' },
  lotDuplicate: { 'zh-CN': '该域名在本批中重复出现', 'en-US': 'This domain appears more than once in the batch' },
  lotExists: { 'zh-CN': '该域名已有进行中的拍卖', 'en-US': 'This domain already has an open auction' },
  lotEnded: { 'zh-CN': '结束时间必须晚于当前时间', 'en-US': 'The end must be in the future' },
  csvColumns: { 'zh-CN': '缺少必需的列：{columns}', 'en-US': 'Missing required columns: {columns}' },
  calendarDateNotFuture: { 'zh-CN': '日期必须晚于今天', 'en-US': 'The date must be after today' },
  calendarDateDuplicate: { 'zh-CN': '该日期已有价格', 'en-US': 'This date already has a price' },
  priceTooLow: { 'zh-CN': '最低上架价格为 $3.00', 'en-US': 'The minimum listing price is $3.00' },
  industriesTooMany: { 'zh-CN': '最多选择 5 个行业', 'en-US': 'Choose at most 5 industries' },
  keywordsTooMany: { 'zh-CN': '最多 10 个关键词', 'en-US': 'At most 10 keywords' },
  domainInvalid: {
    'zh-CN': '域名格式无效。请用点 (.) 分隔各部分，不要包含 www。',
    'en-US': 'Invalid domain format. Use dots (.) between parts. Exclude www.',
  },
  // Profile forms
  latinOnly: {
    'zh-CN': "请使用英文或拼音（字母、数字、空格及 . , & ' ( ) -）",
    'en-US': "Please use English or Pinyin (letters, digits, spaces and . , & ' ( ) -)",
  },
  mobileInvalid: {
    'zh-CN': '手机号码无效：请填写所选国家/地区的手机号码，只含数字（可用空格或连字符分隔），不含国家/地区代码',
    'en-US':
      'Invalid mobile number: enter a mobile number of the selected country or region, digits only (spaces or ' +
      'hyphens allowed), without the country code',
  },
  /** A postal code that matches no country's pattern the form knows (the country's own message is better). */
  postalCodeInvalid: {
    'zh-CN': '邮政编码与所选国家/地区的格式不符',
    'en-US': 'The postal code does not match the format of the selected country or region',
  },
  /** A postal code of a country with a known pattern: {example} shows the format (postalCodeProblem). */
  postalCodeFormat: {
    'zh-CN': '邮政编码格式不正确，应如 {example}',
    'en-US': 'Invalid postal code: use the format {example}',
  },
  /** Any other country's postal code. */
  postalCodeGeneric: {
    'zh-CN': '邮政编码格式不正确：应为 2–12 位字母、数字、空格或连字符',
    'en-US': 'Invalid postal code: use 2–12 letters, digits, spaces or hyphens',
  },
  /** A tax id when the country is not known: both rules (taxIdProblem gives the country's own). */
  taxIdInvalid: {
    'zh-CN':
      '税号格式不正确：中国大陆应为 18 位统一社会信用代码（含校验位），其他国家/地区应为 5–30 位字母、数字或连字符',
    'en-US':
      'Invalid tax ID: in mainland China, an 18-character unified social credit code with its check character; ' +
      'elsewhere 5–30 letters, digits or hyphens',
  },
  /** China: not the shape of a unified social credit code (GB 32100-2015). */
  taxIdUscc: {
    'zh-CN': '税号格式不正确：应为 18 位统一社会信用代码，由数字和大写字母组成（不含 I、O、S、V、Z），末位为校验位',
    'en-US':
      'Invalid tax ID: enter the 18-character unified social credit code (统一社会信用代码): digits and capital ' +
      'letters except I, O, S, V and Z, the last one a check character',
  },
  /** China: the right shape, but the check character does not match the other 17. */
  taxIdUsccCheck: {
    'zh-CN': '统一社会信用代码的校验位（第 18 位）不正确，请核对后重新输入',
    'en-US': 'The check character (the 18th) of this unified social credit code does not match: please check the code',
  },
  /** Elsewhere. */
  taxIdOther: {
    'zh-CN': '税号格式不正确：应为 5–30 位字母、数字或连字符，且至少包含 1 位数字',
    'en-US': 'Invalid tax ID: use 5–30 letters, digits or hyphens, with at least one digit',
  },
  verifyCodeInvalid: { 'zh-CN': '请输入 6 位数字验证码', 'en-US': 'Enter the 6-digit verification code' },
  verifyCodeRequired: {
    'zh-CN': '新手机号需要验证，请输入发送到该号码的验证码',
    'en-US': 'A new phone number must be verified: enter the code sent to it',
  },
  timeZoneInvalid: { 'zh-CN': '请选择有效的时区', 'en-US': 'Please choose a valid time zone' },
  // Funds forms
  bankAccountInvalid: {
    'zh-CN': '银行账号格式不正确：只能包含大写字母 A–Z 和数字 0–9，不含空格或符号',
    'en-US': 'Invalid account number: use capital letters A–Z and digits 0–9 only, without spaces or symbols',
  },
  swiftInvalid: {
    'zh-CN': 'SWIFT 代码格式不正确：应为 8 或 11 位大写字母和数字，前 6 位为字母（如 BKCHCNBJ 或 BKCHCNBJ300）',
    'en-US':
      'Invalid SWIFT code: 8 or 11 capital letters and digits, the first 6 letters (e.g. BKCHCNBJ or BKCHCNBJ300)',
  },
  amountInvalid: { 'zh-CN': '请输入有效金额（最多两位小数）', 'en-US': 'Enter a valid amount (at most 2 decimals)' },
  rechargeMin: { 'zh-CN': '充值金额最低为 5 美元', 'en-US': 'The minimum top-up is 5 USD' },
  settlementMin: { 'zh-CN': '结算金额最低为 50 美元', 'en-US': 'The minimum settlement is $50' },
  settlementMax: { 'zh-CN': '结算金额不能超过可结算收益', 'en-US': 'The amount exceeds your available earnings' },
  payeeFileInvalid: {
    'zh-CN': '上传的文件不存在或已过期，请重新上传',
    'en-US': 'An uploaded file was not found or has expired. Please upload it again',
  },
  /** A switch parameter (issue 18) given something other than on/off. */
  parameterSwitch: { 'zh-CN': '请选择开启或关闭', 'en-US': 'Choose on or off' },
  authCode: {
    'zh-CN': '转移码应为 6–32 位字符（字母、数字或符号，不含空格）',
    'en-US': 'The transfer code is 6–32 characters (letters, digits or symbols, no spaces)',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function fieldMessage(
  key: FieldMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return FIELD_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}
