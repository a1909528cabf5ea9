import type { RouteObject } from 'react-router';

/** Public account pages: /account/login, /account/register, /account/verify, /account/find-password. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'account/login',
    lazy: () => import('./pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'account/register',
    lazy: () => import('./pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'account/find-password',
    lazy: () => import('./pages/find-password-page.tsx').then((m) => ({ Component: m.FindPasswordPage })),
  },
  {
    path: 'account/verify',
    lazy: () => import('./pages/verify-page.tsx').then((m) => ({ Component: m.VerifyPage })),
  },
];
