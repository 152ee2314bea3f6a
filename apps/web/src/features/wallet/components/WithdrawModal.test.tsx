import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { WithdrawModal } from './WithdrawModal';

setUpScreens();

const limits = [
  { currency: 'USDT', networks: ['BEP-20'], fee: '1.000000', min: '10.000000', max: '1000.000000' },
];

const answer = (path: string): TAnswer =>
  path === '/api/v1/withdraw/limits/'
    ? { status: 200, body: limits }
    : path.includes('validation')
      ? { status: 200, body: { valid: true, network: 'BEP-20' } }
      : { status: 400, body: { [NON_FIELD]: [MESSAGES.withdrawalDebtOpen.replace('{amount}', '30.00')] } };

function fill() {
  fireEvent.change(screen.getByTestId('withdraw-address'), {
    target: { value: '0x52908400098527886E0F7030069857D2E4169EE7' },
  });
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '20' } });
  fireEvent.change(screen.getByLabelText(/Finance password/), { target: { value: 'secret12' } });
}

describe('the withdrawal form', () => {
  it('says why withdrawals are paused while a debt is open, and takes no request', () => {
    const { requests } = renderWithApi(
      <WithdrawModal opened onClose={() => {}} mfaEnabled={false} debt="30.000000" />,
      answer,
    );
    const alert = screen.getByTestId('withdraw-debt');
    expect(alert.textContent).toContain('Withdrawals are paused');
    expect(alert.textContent).toContain(
      'Withdrawals are paused while you owe 30.00 USDT from reversed bonuses. Your next bonuses repay it first.',
    );
    fill();
    const submit = screen.getByTestId<HTMLButtonElement>('withdraw-submit');
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBe('withdraw-debt');
    fireEvent.submit(submit.closest('form')!);
    expect(requests.filter((request) => request.path === '/api/v1/withdraw/request/')).toEqual([]);
  });

  it('without a debt: no such alert, the request goes, and the server’s refusal still reaches the partner', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { requests } = renderWithApi(
      <WithdrawModal opened onClose={() => {}} mfaEnabled={false} debt="0.000000" />,
      answer,
    );
    expect(screen.queryByTestId('withdraw-debt')).toBeNull();
    fill();
    const submit = screen.getByTestId<HTMLButtonElement>('withdraw-submit');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/v1/withdraw/request/')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith([
        'Withdrawals are paused while you owe 30.00 USDT from reversed bonuses. Your next bonuses repay it first.',
      ]),
    );
    toast.mockRestore();
  });
});
