import type { TProfile, TProfilePatch } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const updateProfile = (patch: TProfilePatch) =>
  apiRequest<TProfile>('/api/v1/accounts/info/', { method: 'PATCH', body: patch });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The forms say why a save failed themselves (lib/form showSaveFailed).
    meta: { silent: true },
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}
