import { mayActAs, type TOperatorRole } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useProfile } from '../api/get-profile';

/**
 * An admin screen of one role (an admin may open all); any other user sees the dashboard. Apart
 * from guards.tsx: `mayActAs` comes with zod, which loads with the admin screens, not the entry.
 */
export function RequireRole({ role, children }: { role: TOperatorRole; children: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return null;
  return profile.data && mayActAs(profile.data.roles, role) ? children : <Navigate to="/dashboard" replace />;
}
