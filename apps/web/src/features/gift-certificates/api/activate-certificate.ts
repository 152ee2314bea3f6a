import type { TGiftCertificateActivated } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';
import { myCertificatesQuery } from './list-my-certificates';

export const activateCertificate = (body: { code: string }) =>
  apiRequest<TGiftCertificateActivated>('/api/v1/gift_certificates/activate/', { body });

export function useActivateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateCertificate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myCertificatesQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
