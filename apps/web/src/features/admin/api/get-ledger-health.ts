import type { ZLedgerHealth } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const getLedgerHealth = () =>
  apiRequest<z.infer<typeof ZLedgerHealth>>('/api/v1/admin/ledger/health/', { method: 'GET' });

export const ledgerHealthQuery = () =>
  queryOptions({ queryKey: ['admin', 'ledger-health'], queryFn: getLedgerHealth });

export const useLedgerHealth = () => useQuery(ledgerHealthQuery());
