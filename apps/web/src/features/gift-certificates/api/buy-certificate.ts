import type { TGiftCertificateBought, TGiftCertificateBuy } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';
import { myCertificatesQuery } from './list-my-certificates';

/** The key makes a retry of the same click safe: the server charges once. */
export const buyCertificate = ({
  idempotencyKey,
  ...body
}: TGiftCertificateBuy & { idempotencyKey: string }) =>
  apiRequest<TGiftCertificateBought>('/api/v1/gift_certificates/purchase/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useBuyCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyCertificate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myCertificatesQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
