import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { session } from '../lib/session';

export const logout = () => apiRequest<void>('/api/v1/accounts/logout/', {});

/** Revokes the token on the server, then forgets it here whatever the server answered. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    meta: { silent: true },
    onSettled: () => session.signOut(),
  });
}
