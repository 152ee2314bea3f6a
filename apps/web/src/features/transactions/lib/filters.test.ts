import { describe, expect, it } from 'vitest';
import { filtersFromSearch, isFiltered, searchFromFilters } from './filters';
import { minorDetail, rowView } from './row';

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

describe('statement lines', () => {
  const line = {
    operation_type: 'deposit',
    status: 'completed',
    amount: '10.000000',
    currency: 'USDT',
    details: {},
  } as const;

  it('marks a card top-up as card, a chain deposit not', () => {
    expect(rowView({ ...line, details: { method: 'card', card_last4: '4242' } }).card).toBe(true);
    expect(rowView({ ...line, details: { network: 'BEP-20' } }).card).toBe(false);
  });

  it('shows a rejected withdrawal as returned, not as money gone', () => {
    const withdrawal = { ...line, operation_type: 'withdrawal', amount: '-51.000000' } as const;
    expect(rowView({ ...withdrawal, status: 'pending' })).toMatchObject({ returned: false, tone: 'out' });
    expect(rowView({ ...withdrawal, status: 'rejected' })).toMatchObject({ returned: true, tone: 'neutral' });
  });

  it('a bonus line naming its payout opens the explanation; other lines and odd details do not', () => {
    const bonus = { ...line, operation_type: 'bonus' } as const;
    expect(rowView({ ...bonus, details: { payout_id: 12 } }).payoutId).toBe(12);
    expect(rowView({ ...bonus, details: { recovered_entries: 2 } }).payoutId).toBeNull();
    expect(rowView({ ...bonus, details: { payout_id: '12' } }).payoutId).toBeNull();
    expect(rowView({ ...bonus, details: { payout_id: -1 } }).payoutId).toBeNull();
    expect(rowView({ ...line, details: { payout_id: 12 } }).payoutId).toBeNull();
  });

  it('reads a reversal: what became debt from its minor units, and the line as money out', () => {
    const reversal = {
      ...line,
      operation_type: 'bonus',
      amount: '-10.000000',
      details: {
        reversal: true,
        reversed: '30000000',
        debt: '20000000',
        reverses_payout_id: 7,
        payout_id: 9,
      },
    } as const;
    expect(rowView(reversal)).toMatchObject({ reversal: { debt: '20.000000' }, tone: 'out', payoutId: 9 });
    expect(rowView({ ...reversal, details: { ...reversal.details, debt: '0' } }).reversal).toEqual({
      debt: null,
    });
    // All of it became debt: nothing left the balance, and it still reads as money out.
    expect(rowView({ ...reversal, amount: '0.000000' }).tone).toBe('out');
    expect(rowView({ ...reversal, details: { payout_id: 9 } }).reversal).toBeNull();
  });

  it('reads a debt repayment line, and only an adjustment whose reason says so', () => {
    const repayment = {
      ...line,
      operation_type: 'adjustment',
      amount: '-5.000000',
      details: { reason: 'debt_repayment', repaid: '5000000' },
    } as const;
    expect(rowView(repayment)).toMatchObject({ repayment: true, tone: 'out', payoutId: null });
    expect(rowView({ ...repayment, details: { reason: 'manual' } }).repayment).toBe(false);
  });

  it('turns a details amount in minor units into a decimal of the line currency, dropping zero and odd values', () => {
    expect(minorDetail('20000000', 'USDT')).toBe('20.000000');
    expect(minorDetail('1', 'DXN')).toBe('0.00000001');
    expect(minorDetail(1500000, 'USDT')).toBe('1.500000');
    expect(minorDetail('0', 'USDT')).toBeNull();
    expect(minorDetail('-5', 'USDT')).toBeNull();
    expect(minorDetail('2.5', 'USDT')).toBeNull();
    expect(minorDetail(undefined, 'USDT')).toBeNull();
  });
});
