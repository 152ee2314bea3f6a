import type { TProfile } from '@portal/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../lib/api-client';
import { useToken } from '../lib/session';

/** The signed-in profile, shared by the shell (balances), the dashboard and the profile screens. */
export const getProfile = () => apiRequest<TProfile>('/api/v1/accounts/info/', { method: 'POST' });

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

/** Balances are in the profile: read again whenever the window gets the focus back. */
export function useProfile() {
  const token = useToken();
  return useQuery({ ...profileQuery(), enabled: token !== null, refetchOnWindowFocus: 'always' });
}

/** Reads the profile (the header balances) again on every move to another screen. */
export function useRefreshOnNavigation(pathname: string) {
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    // The first screen reads it anyway.
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [pathname, queryClient]);
}
