import type { ErrorDefinition } from './errors.ts';

/** restrictions part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const RESTRICTION_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
