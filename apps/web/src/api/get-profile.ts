import type { TProfile } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useToken } from '../lib/session';

/** The signed-in profile, shared by the shell (balances), the dashboard and the profile screens. */
export const getProfile = () => apiRequest<TProfile>('/api/v1/accounts/info/', { method: 'POST' });

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  const token = useToken();
  return useQuery({ ...profileQuery(), enabled: token !== null });
}
