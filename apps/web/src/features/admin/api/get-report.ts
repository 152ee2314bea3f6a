import type { TReportAnswers, TReportKind, TReportQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';

const searchOf = ({ from, to, group }: TReportQuery) => new URLSearchParams({ from, to, group }).toString();

/** One report's figures over a range of days (finance). */
export const getReport = <K extends TReportKind>(kind: K, query: TReportQuery) =>
  apiRequest<TReportAnswers[K]>(`/api/v1/admin/reports/${kind}/`, { method: 'GET', query });

export const reportQuery = <K extends TReportKind>(kind: K, query: TReportQuery) =>
  queryOptions({
    queryKey: ['admin', 'reports', kind, query],
    queryFn: () => getReport(kind, query),
    // Other days of the same report keep the figures shown until theirs arrive.
    placeholderData: keepPreviousData,
  });

export const useReport = <K extends TReportKind>(kind: K, query: TReportQuery) =>
  useQuery(reportQuery(kind, query));

/** The rows behind a report as CSV, streamed by the server, saved under the report's name and days. */
export const exportReport = (kind: TReportKind, query: TReportQuery) =>
  apiBlob(`/api/v1/admin/reports/${kind}/csv/?${searchOf(query)}`);

export const useExportReport = () =>
  useMutation({
    mutationFn: async ({ kind, query }: { kind: TReportKind; query: TReportQuery }) =>
      saveFile(await exportReport(kind, query), `${kind}-${query.from}-${query.to}.csv`),
  });
