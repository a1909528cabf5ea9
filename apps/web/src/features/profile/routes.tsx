import type { RouteObject } from 'react-router';

/** Console pages of the profile area, relative to /console (e.g. 'user/info'). */
export const profileRoutes: RouteObject[] = [];
