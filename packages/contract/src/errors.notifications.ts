import type { ErrorDefinition } from './errors.ts';

/** notifications part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const NOTIFICATION_ERRORS = {
  'Notification.UnsubscribeLinkInvalid': {
    status: 400,
    'zh-CN': '退订链接无效，请使用邮件中的完整链接，或登录后在设置中关闭邮件通知',
    'en-US':
      'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn the e-mail off in Settings',
  },
} as const satisfies Record<string, ErrorDefinition>;
