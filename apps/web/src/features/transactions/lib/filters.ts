import { ZFinancesRequest } from '@portal/contracts';
import type { TFinancesFilter } from '../api/list-finances';

const FIELDS = [
  'operation_type',
  'bonus_type',
  'currency',
  'period',
  'date_from',
  'date_to',
  'ordering',
] as const;
const SHAPE = ZFinancesRequest.shape;

/**
 * The statement's filters and page as the address bar holds them, so that a filtered view can be
 * reloaded, shared and gone back to. A value the contract does not take is dropped, never sent.
 */
export function filtersFromSearch(params: URLSearchParams): { filter: TFinancesFilter; page: number } {
  const filter: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value !== null && SHAPE[field].safeParse(value).success) filter[field] = value;
  }
  if (filter.date_from && filter.date_to && filter.date_from > filter.date_to) delete filter.date_to;
  const page = Number(params.get('page'));
  return {
    filter: { ordering: '-date', ...filter },
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address bar's query for `filter` and `page`: defaults left out. */
export function searchFromFilters(filter: TFinancesFilter, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = filter[field];
    if (value === undefined || value === '' || (field === 'ordering' && value === '-date')) continue;
    params.set(field, String(value));
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Whether any filter narrows the statement (ordering does not). */
export function isFiltered(filter: TFinancesFilter): boolean {
  return FIELDS.some((field) => field !== 'ordering' && filter[field] !== undefined);
}
