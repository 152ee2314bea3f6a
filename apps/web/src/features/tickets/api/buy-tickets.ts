import type { TTicketBought } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';
import { ticketInfoQuery } from './get-ticket-info';
import { myTicketsQuery } from './list-my-tickets';

type TBuyTickets = { quantity: number; gift_certificate_code?: string; idempotencyKey: string };

/** The key makes a retry of the same click safe: the server charges once. */
export const buyTickets = ({ idempotencyKey, ...body }: TBuyTickets) =>
  apiRequest<TTicketBought>('/api/v1/event_ticket/purchase/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useBuyTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyTickets,
    onSettled: async () => {
      // Sold out or not, the seats left may have changed.
      await queryClient.invalidateQueries({ queryKey: ticketInfoQuery().queryKey });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myTicketsQuery().queryKey });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
