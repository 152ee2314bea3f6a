import { describe, expect, it } from 'vitest';
import { lineView, minorDetail, type TLineView } from './statement-lines';
import type { TTransaction } from './wallet';

type TLine = Parameters<typeof lineView>[0];
const deposit: TLine = {
  operation_type: 'deposit',
  status: 'completed',
  amount: '10.000000',
  currency: 'USDT',
  details: {},
};
const reversal: TLine = {
  ...deposit,
  operation_type: 'bonus',
  amount: '-10.000000',
  details: { reversal: true, reversed: '30000000', debt: '20000000', reverses_payout_id: 7, payout_id: 9 },
};
const repayment: TLine = {
  ...deposit,
  operation_type: 'adjustment',
  amount: '-5.000000',
  details: { reason: 'debt_repayment', repaid: '5000000' },
};
const withDetails = (line: TLine, details: TTransaction['details']): TLine => ({ ...line, details });

/** What each line reads as: the view's fields the case is about. */
const CASES: [string, TLine, Partial<TLineView>][] = [
  ['a card top-up', withDetails(deposit, { method: 'card', card_last4: '4242' }), { card: true, tone: 'in' }],
  ['a chain deposit', withDetails(deposit, { network: 'BEP-20' }), { card: false }],
  [
    'a withdrawal waiting: money gone',
    { ...deposit, operation_type: 'withdrawal', status: 'pending', amount: '-51.000000' },
    { returned: false, tone: 'out' },
  ],
  [
    'a rejected withdrawal: returned, not money gone',
    { ...deposit, operation_type: 'withdrawal', status: 'rejected', amount: '-51.000000' },
    { returned: true, tone: 'neutral' },
  ],
  [
    'a bonus naming its payout',
    { ...deposit, operation_type: 'bonus', details: { payout_id: 12 } },
    { payoutId: 12 },
  ],
  [
    'a bonus with odd details',
    { ...deposit, operation_type: 'bonus', details: { recovered_entries: 2 } },
    { payoutId: null },
  ],
  [
    'a payout id as text',
    { ...deposit, operation_type: 'bonus', details: { payout_id: '12' } },
    { payoutId: null },
  ],
  [
    'a negative payout id',
    { ...deposit, operation_type: 'bonus', details: { payout_id: -1 } },
    { payoutId: null },
  ],
  ['a payout id on another line', withDetails(deposit, { payout_id: 12 }), { payoutId: null }],
  [
    'a reversal: its debt from minor units',
    reversal,
    { reversal: { debt: '20.000000' }, tone: 'out', payoutId: 9 },
  ],
  [
    'a reversal with no debt',
    withDetails(reversal, { ...reversal.details, debt: '0' }),
    { reversal: { debt: null } },
  ],
  // All of it became debt: nothing left the balance, and it still reads as money out.
  ['a reversal that took nothing', { ...reversal, amount: '0.000000' }, { tone: 'out' }],
  ['a bonus line without the mark', withDetails(reversal, { payout_id: 9 }), { reversal: null }],
  ['a debt repayment', repayment, { repayment: true, tone: 'out', payoutId: null }],
  ['an adjustment for another reason', withDetails(repayment, { reason: 'manual' }), { repayment: false }],
];

describe('how a statement line reads (the Transactions screen and the monthly statement)', () => {
  it.each(CASES)('%s', (_, line, expected) => {
    expect(lineView(line)).toMatchObject(expected);
  });

  it('turns a details amount in minor units into a decimal of the line currency, dropping zero and odd values', () => {
    const read: [unknown, 'USDT' | 'DXN', string | null][] = [
      ['20000000', 'USDT', '20.000000'],
      ['1', 'DXN', '0.00000001'],
      [1500000, 'USDT', '1.500000'],
      ['0', 'USDT', null],
      ['-5', 'USDT', null],
      ['2.5', 'USDT', null],
      [undefined, 'USDT', null],
    ];
    for (const [value, currency, decimal] of read)
      expect(minorDetail(value, currency), String(value)).toBe(decimal);
  });
});
