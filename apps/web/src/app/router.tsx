import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { ScreenLoadBoundary, withTimeout } from './chunks';
import { adminRole, type TAdminPath } from './admin-areas';
import { RequireOperator, RequireSession, RootRedirect, SignedOutOnly } from './guards';
import { PublicShell } from './shells/PublicShell';
import { SeparateShell } from './shells/SeparateShell';
import { prefetchDashboard } from '../features/dashboard/prefetch';
import { loadSignedInTexts } from '../lib/i18n';

/** What a screen's route carries besides its element: how to start loading it early. */
type TScreenHandle = { preload: (client: QueryClient) => Promise<void> };

/**
 * A screen loaded when its route is first visited: every screen is a chunk of its own, so a
 * visitor of /login downloads neither the signed-in screens nor the admin ones. The frame around
 * it stays while it loads. (Declarative routes, not a data router: the app uses no loaders, and
 * the data router alone weighs about 10 KB gzip.) A script that fails or has not arrived within
 * CHUNK_LOAD_TIMEOUT_MS (120 s, spec) shows a message with a reload button instead.
 *
 * The route's `handle.preload` starts the same script (and, with `prefetch`, the screen's data)
 * before React first renders: `preloadRoute` calls it for the address the app opens at, so the
 * frame's scripts, the screen's script and its data load side by side instead of one after the
 * other (docs/web-performance.md).
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prefetch?: (client: QueryClient) => void,
): Pick<RouteObject, 'element' | 'handle'> {
  const Screen = lazy(async () => ({ default: pick(await withTimeout(load)) }));
  const handle: TScreenHandle = {
    preload: (client) => {
      prefetch?.(client);
      // A failure is the screen's own to show (ScreenLoadBoundary), when it renders.
      return load().then(
        () => undefined,
        () => undefined,
      );
    },
  };
  return {
    element: (
      <ScreenLoadBoundary>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </ScreenLoadBoundary>
    ),
    handle,
  };
}

/**
 * An admin screen, behind the role its area needs (admin-areas.ts). The role check loads with the
 * screen: it needs the contracts' `mayActAs`, and so zod, which the entry leaves to later.
 */
function adminScreen<M>(
  path: TAdminPath,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  /** A screen inside the area (`:id` for one partner), behind the area's role. */
  subPath?: string,
): RouteObject {
  const role = adminRole(path);
  return {
    path: subPath ? `${path}/${subPath}` : path,
    ...screen(
      () => Promise.all([import('./role-guard'), load()]),
      ([{ RequireRole }, module]) => {
        const Screen = pick(module);
        return function AdminScreen() {
          return (
            <RequireRole role={role}>
              <Screen />
            </RequireRole>
          );
        };
      },
    ),
  };
}

/** The routes of product-spec.md section 2, in history mode. */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    element: <PublicShell />,
    children: [
      {
        path: '/login',
        element: (
          <SignedOutOnly>
            {
              screen(
                () => import('../features/auth/routes/LoginPage'),
                (m) => m.LoginPage,
              ).element
            }
          </SignedOutOnly>
        ),
      },
      {
        path: '/sign-up',
        ...screen(
          () => import('../features/auth/routes/SignUpPage'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: '/sign-up/:promocode',
        ...screen(
          () => import('../features/auth/routes/SignUpPage'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: '/recover-password',
        ...screen(
          () => import('../features/auth/routes/RecoverPasswordPage'),
          (m) => m.RecoverPasswordPage,
        ),
      },
      {
        path: '/reset-password/:token',
        ...screen(
          () => import('../features/auth/routes/ResetPasswordPage'),
          (m) => m.ResetPasswordPage,
        ),
      },
    ],
  },
  {
    element: <SeparateShell />,
    children: [
      {
        path: '/confirm-email',
        ...screen(
          () => import('../features/auth/routes/ConfirmEmailPage'),
          (m) => m.ConfirmEmailPage,
        ),
      },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        // The signed-in frame brings the date settings and the styles only its screens use.
        ...screen(
          () =>
            Promise.all([
              import('./shells/SignedInShell'),
              import('./dates'),
              import('./styles/signed-in'),
              loadSignedInTexts(),
            ]),
          ([{ SignedInShell }, { DatesSettings }]) =>
            function SignedInFrame() {
              return (
                <DatesSettings>
                  <SignedInShell />
                </DatesSettings>
              );
            },
        ),
        children: [
          {
            path: '/dashboard',
            ...screen(
              () => import('../features/dashboard/routes/DashboardPage'),
              (m) => m.DashboardPage,
              prefetchDashboard,
            ),
          },
          {
            path: '/shop',
            ...screen(
              () => import('./shells/ShopLayout'),
              (m) => m.ShopLayout,
            ),
            children: [
              { index: true, element: <Navigate to="packages" replace /> },
              // Each area of the Shop (SHOP_TABS in shells/ShopLayout.tsx) adds its route here.
              {
                path: 'packages',
                ...screen(
                  () => import('../features/tariffs/routes/PackagesPage'),
                  (m) => m.PackagesPage,
                ),
              },
              {
                path: 'devices',
                ...screen(
                  () => import('../features/orders/routes/DevicesPage'),
                  (m) => m.DevicesPage,
                ),
              },
              {
                path: 'orders',
                ...screen(
                  () => import('../features/orders/routes/OrdersPage'),
                  (m) => m.OrdersPage,
                ),
              },
              {
                path: 'nodes',
                ...screen(
                  () => import('../features/products/routes/NodesPage'),
                  (m) => m.NodesPage,
                ),
              },
              {
                path: 'token-packs',
                ...screen(
                  () => import('../features/products/routes/TokenPacksPage'),
                  (m) => m.TokenPacksPage,
                ),
              },
              {
                path: 'tickets',
                ...screen(
                  () => import('../features/tickets/routes/TicketsPage'),
                  (m) => m.TicketsPage,
                ),
              },
              {
                path: 'gift-certificates',
                ...screen(
                  () => import('../features/gift-certificates/routes/GiftCertificatesPage'),
                  (m) => m.GiftCertificatesPage,
                ),
              },
              {
                path: 'validator-keys',
                ...screen(
                  () => import('../features/validator-keys/routes/ValidatorKeysPage'),
                  (m) => m.ValidatorKeysPage,
                ),
              },
            ],
          },
          {
            // The tabs are the team screen's own routes (features/team/routes/TeamPage.tsx).
            path: '/team/*',
            ...screen(
              () => import('../features/team/routes/TeamPage'),
              (m) => m.TeamPage,
            ),
          },
          {
            path: '/transactions',
            ...screen(
              () => import('../features/transactions/routes/TransactionsPage'),
              (m) => m.TransactionsPage,
            ),
          },
          {
            path: '/wiki',
            ...screen(
              () => import('../features/wiki/routes/WikiPage'),
              (m) => m.WikiPage,
            ),
          },
          {
            path: '/wiki/:slug',
            ...screen(
              () => import('../features/wiki/routes/ArticlePage'),
              (m) => m.ArticlePage,
            ),
          },
          {
            path: '/profile',
            ...screen(
              () => import('../features/profile/routes/ProfilePage'),
              (m) => m.ProfilePage,
            ),
            children: [
              { index: true, element: <Navigate to="personal" replace /> },
              {
                path: 'personal',
                ...screen(
                  () => import('../features/profile/routes/PersonalTab'),
                  (m) => m.PersonalTab,
                ),
              },
              {
                path: 'security',
                ...screen(
                  () => import('../features/profile/routes/SecurityTab'),
                  (m) => m.SecurityTab,
                ),
              },
              {
                path: 'notifications',
                ...screen(
                  () => import('../features/profile/routes/NotificationsTab'),
                  (m) => m.NotificationsTab,
                ),
              },
              {
                path: 'api-keys',
                ...screen(
                  () => import('../features/profile/routes/ApiKeysTab'),
                  (m) => m.ApiKeysTab,
                ),
              },
              {
                path: 'promocodes',
                ...screen(
                  () => import('../features/profile/routes/PromocodesTab'),
                  (m) => m.PromocodesTab,
                ),
              },
              {
                path: 'services',
                ...screen(
                  () => import('../features/profile/routes/ServicesTab'),
                  (m) => m.ServicesTab,
                ),
              },
            ],
          },
          {
            element: <RequireOperator />,
            children: [
              adminScreen(
                '/admin/users',
                () => import('../features/admin/routes/UsersPage'),
                (m) => m.UsersPage,
              ),
              adminScreen(
                '/admin/users',
                () => import('../features/admin/routes/PartnerPage'),
                (m) => m.PartnerPage,
                ':id',
              ),
              adminScreen(
                '/admin/kyc',
                () => import('../features/admin/routes/KycPage'),
                (m) => m.KycPage,
              ),
              adminScreen(
                '/admin/fraud',
                () => import('../features/admin/routes/FraudPage'),
                (m) => m.FraudPage,
              ),
              adminScreen(
                '/admin/outbox',
                () => import('../features/admin/routes/OutboxPage'),
                (m) => m.OutboxPage,
              ),
              adminScreen(
                '/admin/withdrawals',
                () => import('../features/admin/routes/WithdrawalsPage'),
                (m) => m.WithdrawalsPage,
              ),
              adminScreen(
                '/admin/ledger',
                () => import('../features/admin/routes/LedgerPage'),
                (m) => m.LedgerPage,
              ),
              adminScreen(
                '/admin/orders',
                () => import('../features/orders/routes/AdminOrdersPage'),
                (m) => m.AdminOrdersPage,
              ),
              adminScreen(
                '/admin/catalog',
                () => import('../features/catalog/routes/AdminCatalogPage'),
                (m) => m.AdminCatalogPage,
              ),
              adminScreen(
                '/admin/purchases',
                () => import('../features/catalog/routes/AdminPurchasesPage'),
                (m) => m.AdminPurchasesPage,
              ),
              adminScreen(
                '/admin/bonus-audit',
                () => import('../features/admin/routes/BonusAuditPage'),
                (m) => m.BonusAuditPage,
              ),
              adminScreen(
                '/admin/chain',
                () => import('../features/admin/routes/RejectedLogsPage'),
                (m) => m.RejectedLogsPage,
              ),
              adminScreen(
                '/admin/reports',
                () => import('../features/admin/routes/ReportsPage'),
                (m) => m.ReportsPage,
              ),
              adminScreen(
                '/admin/configuration',
                () => import('../features/admin/routes/ConfigurationPage'),
                (m) => m.ConfigurationPage,
              ),
              adminScreen(
                '/admin/audit',
                () => import('../features/admin/routes/AuditPage'),
                (m) => m.AuditPage,
              ),
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];

/**
 * Starts loading, at once and side by side, the scripts (and the data, where a screen says which)
 * of every route `pathname` matches: the signed-in frame and the screen in it, say.
 */
export function preloadRoute(pathname: string, client: QueryClient) {
  for (const match of matchRoutes(routes, pathname) ?? [])
    void (match.route.handle as TScreenHandle | undefined)?.preload(client);
}

/** The screen of the current address (inside a BrowserRouter, main.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
