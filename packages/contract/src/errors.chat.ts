import type { ErrorDefinition } from './errors.ts';

/** chat part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const CHAT_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
