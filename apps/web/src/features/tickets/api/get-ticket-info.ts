import type { TTicketInfo } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The ticket now: price by date, seats left, the price and event schedules. */
export const getTicketInfo = () => apiRequest<TTicketInfo>('/api/v1/event_ticket/info/', { method: 'GET' });

export const ticketInfoQuery = () => queryOptions({ queryKey: ['ticket-info'], queryFn: getTicketInfo });

export const useTicketInfo = () => useQuery(ticketInfoQuery());
