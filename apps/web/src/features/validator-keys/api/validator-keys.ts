import type {
  TInvoice,
  TRateQuote,
  TValidatorKey,
  TValidatorKeyAnswer,
  TValidatorKeyPurchase,
  TValidatorKeys,
  TValidatorKeySummary,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

const BASE = '/api/v1/validator_keys';

export const summaryQuery = () =>
  queryOptions({
    queryKey: ['validator-keys', 'summary'],
    queryFn: () => apiRequest<TValidatorKeySummary>(`${BASE}/summary/`, { method: 'GET' }),
  });
export const useKeySummary = () => useQuery(summaryQuery());

export const myKeysQuery = () =>
  queryOptions({
    queryKey: ['validator-keys', 'mine'],
    queryFn: () => apiRequest<TValidatorKeys>(`${BASE}/my/`, { method: 'GET' }),
  });
export const useMyKeys = () => useQuery(myKeysQuery());

/** A DexNet price fixed for 30 minutes (spec): a key bought in DXN names it. */
export const keyQuoteQuery = () =>
  queryOptions({
    queryKey: ['validator-keys', 'quote'],
    queryFn: () => apiRequest<TRateQuote>('/api/v1/mlm/usdt_dexnet_rate/', {}),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
export const useKeyQuote = (enabled: boolean) => useQuery({ ...keyQuoteQuery(), enabled });

/** After any change: the summary, my keys and the header balances are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['validator-keys', 'summary'] });
    await queryClient.invalidateQueries({ queryKey: ['validator-keys', 'mine'] });
    await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  };
}

type TWithKey = { idempotencyKey: string };

export function usePurchaseKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: TValidatorKeyPurchase & TWithKey) =>
      apiRequest<TValidatorKeyAnswer>(`${BASE}/purchase/`, {
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSuccess: refresh,
  });
}

export function usePayKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ keyId, idempotencyKey }: { keyId: number } & TWithKey) =>
      apiRequest<TValidatorKeyAnswer>(`${BASE}/pay/`, {
        body: { key_id: keyId },
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSuccess: refresh,
  });
}

export function useIssueCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (keyId: number) =>
      apiRequest<TValidatorKeyAnswer>(`${BASE}/code/`, { body: { key_id: keyId } }),
    onSuccess: refresh,
  });
}

export function useActivateKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => apiRequest<TValidatorKey>(`${BASE}/activate/`, { body: { code } }),
    // The form shows the code's error under its field.
    meta: { silent: true },
    onSuccess: refresh,
  });
}

/** The chain invoice of a reserved key: its amount in its currency at the partner's address. */
export const useKeyInvoice = () =>
  useMutation({
    mutationFn: (keyId: number) =>
      apiRequest<TInvoice>('/api/v1/payments/get_or_create_invoice/', {
        body: { purpose: 'validator_key', validator_key_id: keyId },
      }),
  });
