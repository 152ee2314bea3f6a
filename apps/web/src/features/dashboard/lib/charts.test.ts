import { describe, expect, it } from 'vitest';
import { incomeChart, monthsUpTo } from './charts';

describe('monthsUpTo', () => {
  it('lists the window oldest first, across a year, in UTC', () => {
    expect(monthsUpTo(new Date('2026-02-28T23:59:00Z'), 4)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsUpTo(new Date('2026-11-01T00:00:00Z'), 1)).toEqual(['2026-11']);
  });
});

describe('incomeChart', () => {
  it('gives every month of the window a row and stacks the types in the plan order', () => {
    const chart = incomeChart(
      [
        { month: '2026-01', bonus_type: 'matching', amount: '5.500000' },
        { month: '2026-01', bonus_type: 'binary', amount: '100.000000' },
        { month: '2026-03', bonus_type: 'invite', amount: '-2.000000' },
        { month: '2025-01', bonus_type: 'vp', amount: '9.000000' },
      ],
      ['2026-01', '2026-02', '2026-03'],
    );
    expect(chart.data).toEqual([
      { month: '2026-01', matching: 5.5, binary: 100 },
      { month: '2026-02' },
      { month: '2026-03', invite: -2 },
    ]);
    expect(chart.types).toEqual(['invite', 'binary', 'matching']);
  });

  it('is a window of empty months when nothing was paid', () => {
    expect(incomeChart([], ['2026-01'])).toEqual({ data: [{ month: '2026-01' }], types: [] });
  });
});
