import type { RouteObject } from 'react-router';

/** Console pages of the funds area, relative to /console (inside the console menu layout). */
export const fundsRoutes: RouteObject[] = [
  {
    path: 'fund/recharge',
    lazy: () => import('./pages/fund-page.tsx').then((m) => ({ Component: m.FundPage })),
  },
  {
    path: 'fund/recharge/result',
    lazy: () => import('./pages/recharge-result-page.tsx').then((m) => ({ Component: m.RechargeResultPage })),
  },
];

/** Pages outside the console: the sandbox payment provider's hosted checkout (/pay/sandbox/:sessionId). */
export const fundsPublicRoutes: RouteObject[] = [
  {
    path: 'pay/sandbox/:sessionId',
    lazy: () => import('./pages/sandbox-checkout-page.tsx').then((m) => ({ Component: m.SandboxCheckoutPage })),
  },
];
