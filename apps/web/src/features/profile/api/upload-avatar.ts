import type { TProfile } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiRequest<TProfile>('/api/v1/accounts/me/', { form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}
