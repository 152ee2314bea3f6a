import type { TPromocodeCreate, TPromocodeCreated } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { promocodesQuery } from './list-promocodes';

export const createPromocode = (body: TPromocodeCreate) =>
  apiRequest<TPromocodeCreated>('/api/v1/promotions/promocode/create/', { body });

export function useCreatePromocode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromocode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promocodesQuery().queryKey }),
  });
}
