import type { ErrorDefinition } from './errors.ts';

/** parameters part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const PARAMETER_ERRORS = {
  'Parameter.NotFound': {
    status: 404,
    'zh-CN': '该参数不存在',
    'en-US': 'This parameter does not exist',
  },
  /** A change to the value already in force: refused, so the history only holds real changes. */
  'Parameter.Unchanged': {
    status: 409,
    'zh-CN': '新值与当前值相同，未作修改',
    'en-US': 'The new value is the same as the current one; nothing was changed',
  },
} as const satisfies Record<string, ErrorDefinition>;
