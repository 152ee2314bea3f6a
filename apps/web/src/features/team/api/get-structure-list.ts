import type { TStructureList } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getStructureList = () => apiRequest<TStructureList>('/api/v1/mlm/structure_list/', { body: {} });

export const structureListQuery = () =>
  queryOptions({ queryKey: ['team', 'structure-list'], queryFn: getStructureList });

/** How many partners each of my sponsor levels 1..10 holds (kept counters). */
export const useStructureList = () => useQuery(structureListQuery());
