import type { TLedgerHealth } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getLedgerHealth = () =>
  apiRequest<TLedgerHealth>('/api/v1/admin/ledger/health/', { method: 'GET' });

export const ledgerHealthQuery = () =>
  queryOptions({ queryKey: ['admin', 'ledger-health'], queryFn: getLedgerHealth });

export const useLedgerHealth = () => useQuery(ledgerHealthQuery());
