import type { TRegistrationsRequest, TTeamListKind } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TMemberPage } from '../lib/member-page';

export type TRegistrationsFilter = Pick<TRegistrationsRequest, 'date_from' | 'date_to'>;

export const listRegistrations = (kind: TTeamListKind, filter: TRegistrationsFilter, page: number) =>
  apiRequest<TMemberPage>(`/api/v1/mlm/get-registrations-tables/${kind}/`, { body: filter, query: { page } });

export const registrationsQuery = (kind: TTeamListKind, filter: TRegistrationsFilter, page: number) =>
  queryOptions({
    queryKey: ['team', 'registrations', kind, filter, page],
    queryFn: () => listRegistrations(kind, filter, page),
    placeholderData: keepPreviousData,
  });

/** Sign-ups in my binary downline (or one leg), newest first, optionally between two dates. */
export const useRegistrations = (kind: TTeamListKind, filter: TRegistrationsFilter, page: number) =>
  useQuery(registrationsQuery(kind, filter, page));
