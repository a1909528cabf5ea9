import {
  type OperatorRole,
  RESTRICTION_LIMITS,
  RESTRICTION_SCOPES,
  type RestrictRequest,
  RestrictRequestSchema,
} from '@namebourse/contract';
import { z } from 'zod';

/** Restricting and lifting are for support agents and admins (POST/DELETE /admin/users/:accountNo/restrictions). */
export function canRestrict(role: OperatorRole): boolean {
  return role === 'admin' || role === 'support';
}

export { RESTRICTION_LIMITS, RESTRICTION_SCOPES };

/**
 * The restrict dialog's form: the scopes ticked, the reason (the contract's rule), and an optional end as the
 * `datetime-local` input gives it (the operator's local time), which must be in the future.
 */
export function restrictFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    scopes: z.array(z.enum(RESTRICTION_SCOPES)).min(1, { message: 'required' }),
    reason: RestrictRequestSchema.shape.reason,
    until: z
      .string()
      .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), { message: 'dateInvalid' })
      .refine((value) => value === '' || new Date(value).getTime() > now().getTime(), {
        message: 'form.untilPast',
      }),
  });
}
export type RestrictForm = z.infer<ReturnType<typeof restrictFormSchema>>;

export const EMPTY_RESTRICT_FORM: RestrictForm = { scopes: [], reason: '', until: '' };

/** The request of a filled-in form: the end as an ISO time (the local input read in the operator's zone). */
export function restrictRequestOf(form: RestrictForm): RestrictRequest {
  const scopes = RESTRICTION_SCOPES.filter((scope) => form.scopes.includes(scope));
  return {
    scopes,
    reason: form.reason.trim(),
    ...(form.until ? { until: new Date(form.until).toISOString() } : {}),
  };
}
