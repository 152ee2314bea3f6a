import type { TAdminWithdrawal, TAdminWithdrawalsPage } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { WithdrawalsPage } from './WithdrawalsPage';

setUpScreens();
afterEach(() => vi.restoreAllMocks());

const withdrawal = (id: number, patch: Partial<TAdminWithdrawal> = {}): TAdminWithdrawal => ({
  id,
  user_id: 3,
  email: 'pat@example.com',
  currency: 'USDT',
  network: 'BEP-20',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '20.000000',
  fee: '1.000000',
  status: 'pending',
  tx_hash: null,
  reason: null,
  created_at: '2026-12-01T10:00:00Z',
  decided_at: null,
  ...patch,
});

const page = (results: TAdminWithdrawal[]): TAdminWithdrawalsPage => ({
  count: results.length,
  next: null,
  previous: null,
  current: 1,
  results,
});

const answer = (path: string): TAnswer =>
  path === '/api/v1/admin/withdrawals/'
    ? { status: 200, body: page([withdrawal(7), withdrawal(8), withdrawal(9)]) }
    : path === '/api/v1/admin/withdrawals/approve/'
      ? {
          status: 200,
          body: { approved: [7], refused: [{ id: 9, detail: 'This withdrawal is no longer pending.' }] },
        }
      : { status: 200, body: 'id\r\n' };

describe('the withdrawal queue', () => {
  it('approves the selected ones after a confirmation, and names each one refused', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { requests } = renderWithApi(<WithdrawalsPage />, answer);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select withdrawal 7' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select withdrawal 9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the selected withdrawals (2)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve selected (2)' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Approved: 1'));
    expect(error).toHaveBeenCalledWith(['Withdrawal 9: This withdrawal is no longer pending.']);
    const bulk = requests.find((request) => request.path === '/api/v1/admin/withdrawals/approve/')!;
    expect(bulk.body).toEqual({ ids: [7, 9] });
    // "Select all" takes every pending one on the page.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every pending withdrawal on this page' }));
    expect(screen.getByTestId('withdrawals-approve-selected').textContent).toBe('Approve selected (3)');
  });

  it('filters by network and exports what the filters keep', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:withdrawals');
    URL.revokeObjectURL = vi.fn();
    const { requests } = renderWithApi(<WithdrawalsPage />, answer);
    await screen.findByRole('checkbox', { name: 'Select withdrawal 7' });
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'TRC-20' } });
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.path === '/api/v1/admin/withdrawals/' && request.query.network === 'TRC-20',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/v1/admin/withdrawals/csv/')?.query).toEqual({
        status: 'pending',
        network: 'TRC-20',
      }),
    );
  });
});
