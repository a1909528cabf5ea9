import { isRouteErrorResponse } from 'react-router';

export type RouteErrorKind =
  | { type: 'not-found' }
  | { type: 'response'; status: number; statusText: string }
  | { type: 'unexpected' };

/** Classifies what a route threw (spec §2 error pages). */
export function describeRouteError(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { type: 'not-found' };
    return { type: 'response', status: error.status, statusText: error.statusText ?? '' };
  }
  return { type: 'unexpected' };
}
