import type { TAllConfigs } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** The windows of the server's configuration; any of them may be missing (a failed load has none). */
export type TConfigs = Partial<TAllConfigs>;

/** What the interface goes on with when the configs cannot be loaded (spec: "configs are set empty"). */
export const EMPTY_CONFIGS: TConfigs = {};

/** GET /api/v1/configs/get_all_configs/ (public); a failure answers the empty configs, never a toast. */
export async function getAllConfigs(): Promise<TConfigs> {
  try {
    return await apiRequest<TAllConfigs>('/api/v1/configs/get_all_configs/', { method: 'GET' });
  } catch {
    return EMPTY_CONFIGS;
  }
}

/** Windows change at their edges only: read once, again every ten minutes (the banner follows). */
const TEN_MINUTES = 10 * 60_000;

export const allConfigsQuery = () =>
  queryOptions({
    queryKey: ['configs'],
    queryFn: getAllConfigs,
    staleTime: TEN_MINUTES,
    refetchInterval: TEN_MINUTES,
  });

/** The configs, empty until loaded and after a failure. */
export function useAllConfigs(): TConfigs {
  return useQuery(allConfigsQuery()).data ?? EMPTY_CONFIGS;
}
