import type { ErrorDefinition } from './errors.ts';

/**
 * The operator queues' part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE):
 * assignment of queue items to a reviewer, and the scheduled lot feeds.
 */
export const QUEUE_ERRORS = {
  'Queue.ItemNotOpen': {
    status: 404,
    'zh-CN': '该事项不在审核队列中（可能已处理）',
    'en-US': 'This item is not in the review queue (it may have been decided)',
  },
  'Queue.AssignedToOther': {
    status: 409,
    'zh-CN': '该事项已由其他审核员领取',
    'en-US': 'Another reviewer has already taken this item',
  },
  'Queue.NotAssignedToYou': {
    status: 409,
    'zh-CN': '该事项未由您领取，无法释放',
    'en-US': 'You have not taken this item, so you cannot release it',
  },
  'Feed.NotFound': { status: 404, 'zh-CN': '导入任务不存在', 'en-US': 'This import does not exist' },
  'Feed.AlreadyImported': {
    status: 409,
    'zh-CN': '同一文件已提交过导入，不会重复导入',
    'en-US': 'This file has already been submitted; it is imported only once',
  },
  'Feed.NotCancellable': {
    status: 409,
    'zh-CN': '只有待执行的导入可以取消',
    'en-US': 'Only a scheduled import can be cancelled',
  },
  'Feed.FileInvalid': {
    status: 400,
    'zh-CN': '请上传 2 MB 以内的 CSV 文本文件（UTF-8）',
    'en-US': 'Upload a CSV text file (UTF-8) of 2 MB at most',
  },
  'Feed.NoImporter': {
    status: 409,
    'zh-CN': '没有可代为导入的管理员账户（请设置 ADMIN_EMAIL）',
    'en-US': 'No operator account to import as (set ADMIN_EMAIL)',
  },
  'Feed.ImportFailed': {
    status: 500,
    'zh-CN': '导入未能完成，请稍后重试',
    'en-US': 'The import could not be completed. Try again later',
  },
} as const satisfies Record<string, ErrorDefinition>;
