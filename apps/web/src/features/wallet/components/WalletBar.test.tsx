import type { TProfile } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { WalletBar } from './WalletBar';

setUpScreens();
// A phone: the balances fold into one summary line.
beforeAll(() =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  })),
);

const balances = {
  usdt: '12345.67',
  dexnet: '1234.00',
  dft_available: '500.00',
  dft_locked: '0.00',
  matching_bonus: '0.00',
  vp_bonus: '0.00',
  other_bonuses: '0.00',
  debt: '0.000000',
};

describe('the header balances on a phone', () => {
  it('show the whole summary line, wrapped rather than cut off before the DFT balance', () => {
    renderWithApi(<WalletBar profile={{ balances } as unknown as TProfile} />, () => ({
      status: 200,
      body: {},
    }));
    const summary = screen.getByTestId('balances-summary');
    expect(summary.textContent).toBe('12 345.67 USDT · 1 234.00 DXN · 500.00 DFT');
    expect(summary.hasAttribute('data-truncate')).toBe(false);
  });
});

describe('a debt from reversed bonuses in the header balances', () => {
  it('shows, marked as a debt and outside the folded balances, when above zero', () => {
    renderWithApi(
      <WalletBar profile={{ balances: { ...balances, debt: '30.000000' } } as unknown as TProfile} />,
      () => ({ status: 200, body: {} }),
    );
    expect(screen.getByTestId('balance-debt').textContent).toBe('Debt 30.00 USDT');
    // On a phone the other balances fold away; the debt stays in sight.
    expect(screen.getByTestId('balance-debt').closest('#balances-all')).toBeNull();
  });

  it('is not there at zero', () => {
    renderWithApi(<WalletBar profile={{ balances } as unknown as TProfile} />, () => ({
      status: 200,
      body: {},
    }));
    expect(screen.queryByTestId('balance-debt')).toBeNull();
  });
});

describe('a deposit asked for from a purchase the balance is short for', () => {
  it("opens the deposit dialog with the shortfall, in the reader's way of writing amounts", async () => {
    renderWithApi(
      <WalletBar profile={{ balances } as unknown as TProfile} />,
      () => ({ status: 404, body: { detail: 'Not found.' } }),
      '/shop/packages?deposit=1100.5',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    expect((dialog.querySelector('[data-testid="deposit-amount"]') as HTMLInputElement).value).toBe(
      '1 100.50',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull());
  });
});
