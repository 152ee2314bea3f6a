import type { TVirtualNodes } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listVirtualNodes = () =>
  apiRequest<TVirtualNodes>('/api/v1/virtual_node/my/', { method: 'GET' });

export const virtualNodesQuery = () =>
  queryOptions({ queryKey: ['virtual-nodes'], queryFn: listVirtualNodes });

export const useVirtualNodes = () => useQuery(virtualNodesQuery());
