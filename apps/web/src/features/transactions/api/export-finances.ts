import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { fileDate, saveFile } from '../../../lib/download';
import { searchFromFilters } from '../lib/filters';
import type { TFinancesFilter } from './list-finances';

/** Every line the filter keeps, as the server's CSV (every page, in the filter's order). */
export const exportFinances = (filter: TFinancesFilter) => {
  const query = searchFromFilters(filter, 1).toString();
  return apiBlob(`/api/v1/payments/finances/csv/${query ? `?${query}` : ''}`);
};

/** Saves the file under `transactions-<date>.csv`; a failure is the app's usual toast. */
export const useExportFinances = () =>
  useMutation({
    mutationFn: async (filter: TFinancesFilter) =>
      saveFile(await exportFinances(filter), `transactions-${fileDate()}.csv`),
  });
