import type { TKycSubmitResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export function submitKyc(files: { document: File; selfie: File }) {
  const form = new FormData();
  form.append('document', files.document);
  form.append('selfie', files.selfie);
  return apiRequest<TKycSubmitResponse>('/api/v1/accounts/kyc/', { form });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
