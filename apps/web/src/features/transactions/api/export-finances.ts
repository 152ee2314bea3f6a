import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
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
    mutationFn: async (filter: TFinancesFilter) => {
      const blob = await exportFinances(filter);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the file to the browser; the URL is not needed after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
