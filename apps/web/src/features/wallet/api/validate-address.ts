import type { TAddressValidation } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const validateAddress = (address: string) =>
  apiRequest<TAddressValidation>('/api/v1/withdraw/withdraw_address_dexnet_validation/', {
    body: { address },
  });

export const addressQuery = (address: string) =>
  queryOptions({
    queryKey: ['withdraw-address', address],
    queryFn: () => validateAddress(address),
    staleTime: Infinity,
  });

/** Checked as it is typed (the caller debounces). */
export const useAddressCheck = (address: string) =>
  useQuery({ ...addressQuery(address), enabled: address.length > 0 });
