import type { ErrorDefinition } from './errors.ts';

/** queues part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const QUEUE_ERRORS = {} as const satisfies Record<string, ErrorDefinition>;
