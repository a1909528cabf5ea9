import type { RouteObject } from 'react-router';

/** Public account pages: /account/login, /account/register, /account/verify, /account/find-password. */
export const accountRoutes: RouteObject[] = [];
