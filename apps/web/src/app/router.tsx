import { createBrowserRouter, Navigate } from 'react-router';
import { UsersPage } from '../features/admin/routes/UsersPage';
import { LedgerPage } from '../features/admin/routes/LedgerPage';
import { OutboxPage } from '../features/admin/routes/OutboxPage';
import { WithdrawalsPage } from '../features/admin/routes/WithdrawalsPage';
import { RejectedLogsPage } from '../features/admin/routes/RejectedLogsPage';
import { ConfirmEmailPage } from '../features/auth/routes/ConfirmEmailPage';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { RecoverPasswordPage } from '../features/auth/routes/RecoverPasswordPage';
import { ResetPasswordPage } from '../features/auth/routes/ResetPasswordPage';
import { SignUpPage } from '../features/auth/routes/SignUpPage';
import { DashboardPage } from '../features/dashboard/routes/DashboardPage';
import { PersonalTab } from '../features/profile/routes/PersonalTab';
import { ProfilePage } from '../features/profile/routes/ProfilePage';
import { SecurityTab } from '../features/profile/routes/SecurityTab';
import { TeamPage } from '../features/team/routes/TeamPage';
import { TransactionsPage } from '../features/transactions/routes/TransactionsPage';
import { WikiPage } from '../features/wiki/routes/WikiPage';
import { RequireSession, RequireSuperuser, RootRedirect, SignedOutOnly } from './guards';
import { PublicShell } from './shells/PublicShell';
import { SeparateShell } from './shells/SeparateShell';
import { SignedInShell } from './shells/SignedInShell';

/** The routes of product-spec.md section 2, in history mode. */
export const routes = [
  { path: '/', element: <RootRedirect /> },
  {
    element: <PublicShell />,
    children: [
      {
        path: '/login',
        element: (
          <SignedOutOnly>
            <LoginPage />
          </SignedOutOnly>
        ),
      },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/sign-up/:promocode', element: <SignUpPage /> },
      { path: '/recover-password', element: <RecoverPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
    ],
  },
  { element: <SeparateShell />, children: [{ path: '/confirm-email', element: <ConfirmEmailPage /> }] },
  {
    element: <RequireSession />,
    children: [
      {
        element: <SignedInShell />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/team', element: <TeamPage /> },
          { path: '/transactions', element: <TransactionsPage /> },
          { path: '/wiki', element: <WikiPage /> },
          {
            path: '/profile',
            element: <ProfilePage />,
            children: [
              { index: true, element: <Navigate to="personal" replace /> },
              { path: 'personal', element: <PersonalTab /> },
              { path: 'security', element: <SecurityTab /> },
            ],
          },
          {
            element: <RequireSuperuser />,
            children: [
              { path: '/admin/users', element: <UsersPage /> },
              { path: '/admin/outbox', element: <OutboxPage /> },
              { path: '/admin/withdrawals', element: <WithdrawalsPage /> },
              { path: '/admin/ledger', element: <LedgerPage /> },
              { path: '/admin/chain', element: <RejectedLogsPage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];

export const createRouter = () => createBrowserRouter(routes);
