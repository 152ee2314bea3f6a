import type { TUpgradeAvailability } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getUpgradeOptions = (promocode?: string) =>
  apiRequest<TUpgradeAvailability>('/api/v1/mlm/virtual_node/available-for-upgrade/', {
    method: 'GET',
    query: { promocode },
  });

export const upgradeOptionsQuery = (promocode?: string) =>
  queryOptions({
    queryKey: ['virtual-nodes', 'upgrades', promocode ?? ''],
    queryFn: () => getUpgradeOptions(promocode),
  });

export const useUpgradeOptions = (promocode?: string, enabled = true) =>
  useQuery({ ...upgradeOptionsQuery(promocode), enabled });
