/** admin: the constants and rules that need no schema (pages import them without zod; see admin.ts). */

/** Operator roles. `admin` may do everything; `finance` reviews payees and settlements; `support` looks users up. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const USER_ROLES = ['user', ...OPERATOR_ROLES] as const;

export type UserRole = (typeof USER_ROLES)[number];

export function isOperatorRole(role: string): role is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(role);
}
