import type { TTicketPurchases } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listMyTickets = () =>
  apiRequest<TTicketPurchases>('/api/v1/event_ticket/my/', { method: 'GET' });

export const myTicketsQuery = () => queryOptions({ queryKey: ['my-tickets'], queryFn: listMyTickets });

export const useMyTickets = () => useQuery(myTicketsQuery());
