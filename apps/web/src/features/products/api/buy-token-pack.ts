import type { TTokenPack, TTokenPackBuy } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';
import { tokenPacksQuery } from './list-token-packs';

export const buyTokenPack = ({ idempotencyKey, ...body }: TTokenPackBuy & { idempotencyKey: string }) =>
  apiRequest<TTokenPack>('/api/v1/token_pack/purchase/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useBuyTokenPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyTokenPack,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tokenPacksQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
