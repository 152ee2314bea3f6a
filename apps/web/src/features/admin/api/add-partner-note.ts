import type { TPartnerNote } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerQuery } from './get-partner';

export const addPartnerNote = ({ id, text }: { id: number; text: string }) =>
  apiRequest<TPartnerNote>(`/api/v1/admin/users/${id}/notes/`, { body: { text } });

export function useAddPartnerNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addPartnerNote({ id, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerQuery(id).queryKey }),
  });
}
