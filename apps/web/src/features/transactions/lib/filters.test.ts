import { describe, expect, it } from 'vitest';
import { filtersFromSearch, isFiltered, searchFromFilters } from './filters';

describe('statement filters in the address bar', () => {
  it('reads the filters and page it wrote', () => {
    const filter = {
      operation_type: 'withdrawal',
      currency: 'USDT',
      date_from: '2026-01-01',
      date_to: '2026-02-01',
      ordering: 'amount',
    } as const;
    const search = searchFromFilters(filter, 3);
    expect(search.toString()).toBe(
      'operation_type=withdrawal&currency=USDT&date_from=2026-01-01&date_to=2026-02-01&ordering=amount&page=3',
    );
    expect(filtersFromSearch(search)).toEqual({ filter, page: 3 });
  });

  it('leaves defaults out and drops what the contract does not take', () => {
    expect(searchFromFilters({ ordering: '-date' }, 1).toString()).toBe('');
    expect(
      filtersFromSearch(
        new URLSearchParams('operation_type=steal&currency=BTC&date_from=2026-13-45&page=-2&ordering=x'),
      ),
    ).toEqual({ filter: { ordering: '-date' }, page: 1 });
  });

  it('tells a filtered view from the whole statement', () => {
    expect(isFiltered({ ordering: 'amount' })).toBe(false);
    expect(isFiltered({ ordering: '-date', currency: 'DXN' })).toBe(true);
  });
});
