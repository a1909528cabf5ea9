import type { ErrorDefinition } from './errors.ts';

/**
 * console part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE): help-centre
 * announcements and the contact-us triage.
 */
export const CONSOLE_ERRORS = {
  'Announcement.NotFound': { status: 404, 'zh-CN': '公告不存在', 'en-US': 'This announcement does not exist' },
  'Announcement.SlugTaken': {
    status: 409,
    'zh-CN': '该网址标识已被另一条公告使用',
    'en-US': 'Another announcement already uses this address',
  },
  'Announcement.InvalidTransition': {
    status: 409,
    'zh-CN': '公告当前状态不允许此操作',
    'en-US': 'This announcement cannot do that in its current status',
  },
  'Feedback.NotFound': { status: 404, 'zh-CN': '留言不存在', 'en-US': 'This message does not exist' },
  'Feedback.SendFailed': {
    status: 502,
    'zh-CN': '回复邮件发送失败，回复未保存，请稍后重试',
    'en-US': 'The reply could not be e-mailed and was not saved. Please try again',
  },
  'Feedback.InvalidTransition': {
    status: 409,
    'zh-CN': '该留言已关闭，不能再回复或关闭',
    'en-US': 'This message is closed: it takes no more replies',
  },
} as const satisfies Record<string, ErrorDefinition>;
