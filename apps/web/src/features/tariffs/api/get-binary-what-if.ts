import type { TBinaryWhatIfBase } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getBinaryWhatIf = () =>
  apiRequest<TBinaryWhatIfBase>('/api/v1/mlm/binary/what-if/', { method: 'GET' });

export const binaryWhatIfQuery = () =>
  queryOptions({ queryKey: ['binary-what-if'], queryFn: getBinaryWhatIf });

/** My binary legs, cap window and status: what the what-if computes on. */
export const useBinaryWhatIf = () => useQuery(binaryWhatIfQuery());
