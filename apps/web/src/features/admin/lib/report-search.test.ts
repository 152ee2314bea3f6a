import { describe, expect, it } from 'vitest';
import { reportFromSearch, searchFromReport } from './report-search';

const NOW = Date.parse('2026-12-02T10:00:00Z');
const read = (search: string) => reportFromSearch(new URLSearchParams(search), NOW);

describe('the reports in the address bar', () => {
  it('default to sales by day over the last 30 days, today included', () => {
    expect(read('')).toEqual({
      kind: 'sales',
      query: { from: '2026-11-03', to: '2026-12-02', group: 'day' },
    });
  });

  it('keep what they name and drop what no report takes', () => {
    expect(read('report=ranks&from=2026-01-01&to=2026-06-30&group=month')).toEqual({
      kind: 'ranks',
      query: { from: '2026-01-01', to: '2026-06-30', group: 'month' },
    });
    expect(read('report=everything&from=yesterday&to=2026-13-45&group=year')).toEqual(read(''));
    // A start after the end: 30 days up to the end.
    expect(read('from=2026-11-20&to=2026-11-10').query).toEqual({
      from: '2026-10-12',
      to: '2026-11-10',
      group: 'day',
    });
  });

  it('write back what they read', () => {
    const shown = read('report=top-earners&from=2026-11-01&to=2026-11-30&group=week');
    expect(read(searchFromReport(shown.kind, shown.query).toString())).toEqual(shown);
  });
});
