import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useProfile } from '../api/get-profile';
import { useToken } from '../lib/session';

/** Signed-in areas: without a session, to /login (spec: after logout, to /login). */
export function RequireSession() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** / and /login: a signed-in user goes to the dashboard (spec section 2). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  return useToken() ? <Navigate to="/dashboard" replace /> : children;
}

export function RootRedirect() {
  return <Navigate to={useToken() ? '/dashboard' : '/login'} replace />;
}

/**
 * Admin screens: operators only (any role; a superuser has every role); others see the dashboard.
 * Each screen checks its own role besides (role-guard.tsx).
 */
export function RequireOperator() {
  const profile = useProfile();
  if (profile.isPending) return null;
  return profile.data?.roles.length ? <Outlet /> : <Navigate to="/dashboard" replace />;
}
