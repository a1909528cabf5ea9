import type { ErrorDefinition } from './errors.ts';

/** parameters part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const PARAMETER_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
