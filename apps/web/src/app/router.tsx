import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { ScreenLoadBoundary, withTimeout } from './chunks';
import { RequireSession, RequireSuperuser, RootRedirect, SignedOutOnly } from './guards';
import { PublicShell } from './shells/PublicShell';
import { SeparateShell } from './shells/SeparateShell';
import { loadSignedInTexts } from '../lib/i18n';

/**
 * A screen loaded when its route is first visited: every screen is a chunk of its own, so a
 * visitor of /login downloads neither the signed-in screens nor the admin ones. The frame around
 * it stays while it loads. (Declarative routes, not a data router: the app uses no loaders, and
 * the data router alone weighs about 10 KB gzip.) A script that fails or has not arrived within
 * CHUNK_LOAD_TIMEOUT_MS (120 s, spec) shows a message with a reload button instead.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['element'] {
  const Screen = lazy(async () => ({ default: pick(await withTimeout(load)) }));
  return (
    <ScreenLoadBoundary>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    </ScreenLoadBoundary>
  );
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
            {screen(
              () => import('../features/auth/routes/LoginPage'),
              (m) => m.LoginPage,
            )}
          </SignedOutOnly>
        ),
      },
      {
        path: '/sign-up',
        element: screen(
          () => import('../features/auth/routes/SignUpPage'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: '/sign-up/:promocode',
        element: screen(
          () => import('../features/auth/routes/SignUpPage'),
          (m) => m.SignUpPage,
        ),
      },
      {
        path: '/recover-password',
        element: screen(
          () => import('../features/auth/routes/RecoverPasswordPage'),
          (m) => m.RecoverPasswordPage,
        ),
      },
      {
        path: '/reset-password/:token',
        element: screen(
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
        element: screen(
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
        element: screen(
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
            element: screen(
              () => import('../features/dashboard/routes/DashboardPage'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: '/shop',
            element: screen(
              () => import('./shells/ShopLayout'),
              (m) => m.ShopLayout,
            ),
            children: [
              { index: true, element: <Navigate to="packages" replace /> },
              // Each area of the Shop (SHOP_TABS in shells/ShopLayout.tsx) adds its route here.
              {
                path: 'packages',
                element: screen(
                  () => import('../features/tariffs/routes/PackagesPage'),
                  (m) => m.PackagesPage,
                ),
              },
              {
                path: 'devices',
                element: screen(
                  () => import('../features/orders/routes/DevicesPage'),
                  (m) => m.DevicesPage,
                ),
              },
              {
                path: 'orders',
                element: screen(
                  () => import('../features/orders/routes/OrdersPage'),
                  (m) => m.OrdersPage,
                ),
              },
              {
                path: 'nodes',
                element: screen(
                  () => import('../features/products/routes/NodesPage'),
                  (m) => m.NodesPage,
                ),
              },
              {
                path: 'token-packs',
                element: screen(
                  () => import('../features/products/routes/TokenPacksPage'),
                  (m) => m.TokenPacksPage,
                ),
              },
              {
                path: 'tickets',
                element: screen(
                  () => import('../features/tickets/routes/TicketsPage'),
                  (m) => m.TicketsPage,
                ),
              },
              {
                path: 'gift-certificates',
                element: screen(
                  () => import('../features/gift-certificates/routes/GiftCertificatesPage'),
                  (m) => m.GiftCertificatesPage,
                ),
              },
              {
                path: 'validator-keys',
                element: screen(
                  () => import('../features/validator-keys/routes/ValidatorKeysPage'),
                  (m) => m.ValidatorKeysPage,
                ),
              },
            ],
          },
          {
            // The tabs are the team screen's own routes (features/team/routes/TeamPage.tsx).
            path: '/team/*',
            element: screen(
              () => import('../features/team/routes/TeamPage'),
              (m) => m.TeamPage,
            ),
          },
          {
            path: '/transactions',
            element: screen(
              () => import('../features/transactions/routes/TransactionsPage'),
              (m) => m.TransactionsPage,
            ),
          },
          {
            path: '/wiki',
            element: screen(
              () => import('../features/wiki/routes/WikiPage'),
              (m) => m.WikiPage,
            ),
          },
          {
            path: '/wiki/:slug',
            element: screen(
              () => import('../features/wiki/routes/ArticlePage'),
              (m) => m.ArticlePage,
            ),
          },
          {
            path: '/profile',
            element: screen(
              () => import('../features/profile/routes/ProfilePage'),
              (m) => m.ProfilePage,
            ),
            children: [
              { index: true, element: <Navigate to="personal" replace /> },
              {
                path: 'personal',
                element: screen(
                  () => import('../features/profile/routes/PersonalTab'),
                  (m) => m.PersonalTab,
                ),
              },
              {
                path: 'security',
                element: screen(
                  () => import('../features/profile/routes/SecurityTab'),
                  (m) => m.SecurityTab,
                ),
              },
              {
                path: 'notifications',
                element: screen(
                  () => import('../features/profile/routes/NotificationsTab'),
                  (m) => m.NotificationsTab,
                ),
              },
              {
                path: 'api-keys',
                element: screen(
                  () => import('../features/profile/routes/ApiKeysTab'),
                  (m) => m.ApiKeysTab,
                ),
              },
              {
                path: 'promocodes',
                element: screen(
                  () => import('../features/profile/routes/PromocodesTab'),
                  (m) => m.PromocodesTab,
                ),
              },
              {
                path: 'services',
                element: screen(
                  () => import('../features/profile/routes/ServicesTab'),
                  (m) => m.ServicesTab,
                ),
              },
            ],
          },
          {
            element: <RequireSuperuser />,
            children: [
              {
                path: '/admin/users',
                element: screen(
                  () => import('../features/admin/routes/UsersPage'),
                  (m) => m.UsersPage,
                ),
              },
              {
                path: '/admin/outbox',
                element: screen(
                  () => import('../features/admin/routes/OutboxPage'),
                  (m) => m.OutboxPage,
                ),
              },
              {
                path: '/admin/withdrawals',
                element: screen(
                  () => import('../features/admin/routes/WithdrawalsPage'),
                  (m) => m.WithdrawalsPage,
                ),
              },
              {
                path: '/admin/ledger',
                element: screen(
                  () => import('../features/admin/routes/LedgerPage'),
                  (m) => m.LedgerPage,
                ),
              },
              {
                path: '/admin/orders',
                element: screen(
                  () => import('../features/orders/routes/AdminOrdersPage'),
                  (m) => m.AdminOrdersPage,
                ),
              },
              {
                path: '/admin/catalog',
                element: screen(
                  () => import('../features/catalog/routes/AdminCatalogPage'),
                  (m) => m.AdminCatalogPage,
                ),
              },
              {
                path: '/admin/purchases',
                element: screen(
                  () => import('../features/catalog/routes/AdminPurchasesPage'),
                  (m) => m.AdminPurchasesPage,
                ),
              },
              {
                path: '/admin/bonus-audit',
                element: screen(
                  () => import('../features/admin/routes/BonusAuditPage'),
                  (m) => m.BonusAuditPage,
                ),
              },
              {
                path: '/admin/chain',
                element: screen(
                  () => import('../features/admin/routes/RejectedLogsPage'),
                  (m) => m.RejectedLogsPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];

/** The screen of the current address (inside a BrowserRouter, main.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
