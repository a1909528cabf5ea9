import type { RouteObject } from 'react-router';

/** Console pages of domain management, relative to /console (inside the console menu layout). */
export const domainsRoutes: RouteObject[] = [
  {
    path: 'domain/list',
    lazy: () => import('./pages/domain-list-page.tsx').then((m) => ({ Component: m.DomainListPage })),
  },
  {
    path: 'domain/transfer-out',
    lazy: () => import('./pages/transfer-out-page.tsx').then((m) => ({ Component: m.TransferOutPage })),
  },
];
