import type { TDebts } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { DebtCard } from './DebtCard';

setUpScreens();

const debts: TDebts = {
  total: '30.000000',
  debts: [
    {
      id: 1,
      amount: '20.000000',
      repaid: '0.000000',
      open: '20.000000',
      created_at: '2026-11-20T10:00:00',
      reversal_payout_id: 41,
      bonus_type: 'invite',
      purchase: { id: 5, product_name: 'DexNode', product_kind: 'device' },
    },
    {
      id: 2,
      amount: '15.000000',
      repaid: '5.000000',
      open: '10.000000',
      created_at: '2026-11-21T10:00:00',
      reversal_payout_id: 42,
      bonus_type: 'binary',
      purchase: null,
    },
  ],
};

describe('the debt card on the dashboard', () => {
  it('shows the total, why, and each open debt with its reason, date and open amount', async () => {
    const { calls } = renderWithApi(<DebtCard debt="30.000000" />, () => ({ status: 200, body: debts }));
    const card = screen.getByRole('region', { name: 'Debt from reversed bonuses' });
    expect(within(card).getByTestId('debt-total').textContent).toBe('You owe 30.00 USDT');
    expect(card.textContent).toContain('repaid first from your next bonuses');
    expect(card.textContent).toContain('withdrawals are paused');
    const first = await within(card).findByTestId('debt-1');
    expect(within(first).getByTestId('debt-reason').textContent).toBe(
      'Invite bonus reversed (refund of Device: DexNode)',
    );
    expect(within(first).getByTestId('debt-open').textContent).toBe(
      '20.00 USDT still owed, since 20.11.2026',
    );
    expect(within(first).queryByTestId('debt-repaid')).toBeNull();
    const second = within(card).getByTestId('debt-2');
    expect(within(second).getByTestId('debt-reason').textContent).toBe('Binary bonus reversed');
    expect(within(second).getByTestId('debt-open').textContent).toBe(
      '10.00 USDT still owed, since 21.11.2026',
    );
    expect(within(second).getByTestId('debt-repaid').textContent).toBe('Repaid so far: 5.00 of 15.00 USDT');
    expect(calls).toEqual(['/api/v1/mlm/debts/']);
  });

  it('shows nothing, and asks nothing, without a debt', () => {
    const { calls } = renderWithApi(<DebtCard debt="0.000000" />, () => ({ status: 200, body: debts }));
    expect(screen.queryByTestId('debt')).toBeNull();
    expect(screen.queryByText(/debt/i)).toBeNull();
    expect(calls).toEqual([]);
  });
});
