import type { TQualification } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getQualification = () =>
  apiRequest<TQualification>('/api/v1/mlm/get_qualification/', { body: {} });

export const qualificationQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'qualification'], queryFn: getQualification, staleTime: 60_000 });

/** My rank and the weaker leg's volume against the next rank's. */
export const useQualification = () => useQuery(qualificationQuery());
