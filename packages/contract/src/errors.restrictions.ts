import type { ErrorDefinition } from './errors.ts';

/**
 * Restrictions' part of the error catalogue (errors.ts spreads it into ERROR_CATALOGUE). A refused
 * action answers the spec's Account.Restricted (in errors.ts) with the restriction in `data`.
 */
export const RESTRICTION_ERRORS = {
  'Restriction.NotFound': {
    status: 404,
    'zh-CN': '该账户当前没有生效的限制',
    'en-US': 'This account has no restriction in force',
  },
  'Restriction.OperatorAccount': {
    status: 409,
    'zh-CN': '不能限制运营人员的账户',
    'en-US': 'Operator accounts cannot be restricted',
  },
} as const satisfies Record<string, ErrorDefinition>;
