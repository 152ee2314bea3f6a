import type { TAdminProductUpdate, TProduct } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Changes a product's price, availability or name; the server keeps the change with its admin. */
export const adminUpdateProduct = ({ id, patch }: { id: number; patch: TAdminProductUpdate }) =>
  apiRequest<TProduct>(`/api/v1/admin/products/${id}/`, { method: 'PATCH', body: patch });

export function useAdminUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminUpdateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] }),
  });
}
