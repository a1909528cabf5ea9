import type { RouteObject } from 'react-router';

/** Console pages of the security area, relative to /console (e.g. 'user/security', 'user/api-keys'). */
export const securityRoutes: RouteObject[] = [];
