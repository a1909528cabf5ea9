import type { RouteObject } from 'react-router';

/** Console pages of the orders area, relative to /console (inside the console menu layout). */
export const ordersRoutes: RouteObject[] = [
  {
    path: 'order/list',
    lazy: () => import('./pages/order-list-page.tsx').then((m) => ({ Component: m.OrderListPage })),
  },
];
