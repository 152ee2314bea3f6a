import type { TFraudSignalKind, TFraudSignalsPage, TFraudSignalStatus } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The review queue's filter: a status (its tabs) and a kind (every kind when absent). */
export type TFraudFilter = { status: TFraudSignalStatus; kind?: TFraudSignalKind };

/** Every page of the queue, whatever its filter: what a decision or a check reads again. */
export const fraudSignalsQueryKey = ['admin', 'fraud-signals'] as const;

export const listFraudSignals = (filter: TFraudFilter, page: number) =>
  apiRequest<TFraudSignalsPage>('/api/v1/admin/fraud-signals/', {
    method: 'GET',
    query: { ...filter, page },
  });

export const fraudSignalsQuery = (filter: TFraudFilter, page: number) =>
  queryOptions({
    queryKey: [...fraudSignalsQueryKey, filter, page],
    queryFn: () => listFraudSignals(filter, page),
    placeholderData: keepPreviousData,
  });

/** The fraud signals of a status (and kind), the latest evidence first. */
export const useFraudSignals = (filter: TFraudFilter, page: number) =>
  useQuery(fraudSignalsQuery(filter, page));
