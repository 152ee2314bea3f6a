import type { TPackage, TPackagePurchaseQuote, TProfile } from '@portal/contracts';
import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { PurchasePackageModal } from './PurchasePackageModal';

setUpScreens();
// Signed in: the profile (balance, mentor) is read.
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());
afterEach(() => vi.restoreAllMocks());

const tariff: TPackage = {
  id: 2,
  name: '500',
  price: '500.00',
  includes_node: true,
  matching_depth: 3,
  bonus_cap_multiplier: 5,
  node_kind: 'virtual',
  nodes: 1,
};

const quote: TPackagePurchaseQuote = {
  request_id: 'r-1',
  price: '500.00',
  discount: '50.00',
  total: '450.00',
  currency: 'USDT',
  expires_at: '2026-11-24T10:00:00Z',
  kind: 'new',
};

/** The partner's profile as the modal reads it: the USDT balance and the mentor. */
const profile = (usdt: string, mentor: Partial<TProfile> = {}) =>
  ({
    balances: { usdt },
    mentor_id: 4,
    mentor: { first_name: 'Mira', last_name: 'Tester', username: 'mira', company: false },
    ...mentor,
  }) as unknown as TProfile;

const refused = (field: string, message: string): TAnswer => ({ status: 400, body: { [field]: [message] } });

/** The calls of the purchase answered by `answer`, the profile by `me`. */
function openModal(answer: (path: string) => TAnswer, me: TProfile = profile('1000.000000')) {
  const view = renderWithApi(
    <PurchasePackageModal target={tariff} current={null} onClose={() => {}} />,
    (path) => (path.endsWith('/accounts/info/') ? { status: 200, body: me } : answer(path)),
    '/shop/packages',
  );
  const dialog = within(screen.getByTestId('package-modal'));
  return { ...view, dialog };
}

async function tick(dialog: ReturnType<typeof openModal>['dialog']) {
  fireEvent.click(await dialog.findByLabelText(/^I confirm my mentor/));
  fireEvent.click(dialog.getByTestId('terms-accepted'));
}

describe('the tariff purchase modal', () => {
  it('names the mentor the partner confirms: name and username, or partner ID, or the company', async () => {
    const named = openModal(() => ({ status: 200, body: quote }));
    expect((await named.dialog.findByLabelText('I confirm my mentor: Mira Tester (@mira)')).tagName).toBe(
      'INPUT',
    );
    named.unmount();

    const noUsername = openModal(
      () => ({ status: 200, body: quote }),
      profile('0', { mentor: { first_name: 'Ola', last_name: 'Nord', username: null, company: false } }),
    );
    await noUsername.dialog.findByLabelText('I confirm my mentor: Ola Nord (ID 4)');
    noUsername.unmount();

    const company = openModal(
      () => ({ status: 200, body: quote }),
      profile('0', { mentor: { first_name: 'Company', last_name: '', username: null, company: true } }),
    );
    await company.dialog.findByLabelText(
      'I confirm my mentor: the company (you joined without an invitation)',
    );
  });

  it('before Pay, shows the balance, the price and what is left, and pays', async () => {
    const { dialog, requests } = openModal((path) =>
      path.endsWith('/purchase/confirm/')
        ? { status: 200, body: { success: true, package: tariff } }
        : { status: 200, body: quote },
    );
    await tick(dialog);
    fireEvent.click(dialog.getByTestId('package-continue'));
    const funds = await dialog.findByTestId('package-funds');
    expect(within(funds).getByTestId('package-funds-balance').textContent).toBe(
      'Your balance: 1 000.00 USDT',
    );
    expect(within(funds).getByTestId('package-funds-price').textContent).toBe('To pay: 450.00 USDT');
    expect(within(funds).getByTestId('package-funds-after').textContent).toContain('550.00 USDT');
    expect(within(funds).queryByTestId('package-funds-short')).toBeNull();
    fireEvent.click(dialog.getByTestId('package-pay'));
    await waitFor(() => expect(requests.some((call) => call.path.endsWith('/purchase/confirm/'))).toBe(true));
  });

  it('with a short balance says by how much, offers the deposit of it, and does not let Pay fail', async () => {
    const { dialog, requests } = openModal(() => ({ status: 200, body: quote }), profile('100.500000'));
    await tick(dialog);
    fireEvent.click(dialog.getByTestId('package-continue'));
    const short = await dialog.findByTestId('package-funds-short');
    // Titled with the spec's "Insufficient funds", then by how much.
    expect(short.textContent).toContain('Insufficient funds');
    expect(short.textContent).toContain('Not enough on your balance: 349.50 USDT short.');
    const deposit = within(short).getByRole('link', { name: 'Deposit 349.50 USDT' });
    expect(deposit.getAttribute('href')).toBe('/shop/packages?deposit=349.5');
    expect(dialog.getByTestId('package-pay').hasAttribute('disabled')).toBe(true);
    fireEvent.click(dialog.getByTestId('package-pay'));
    expect(requests.some((call) => call.path.endsWith('/purchase/confirm/'))).toBe(false);
  });

  it('shows a refused payment once: in the modal, not in a toast beside it', async () => {
    const toast = vi.spyOn(notify, 'error');
    const { dialog } = openModal((path) =>
      path.endsWith('/purchase/confirm/')
        ? refused(NON_FIELD, MESSAGES.insufficientFunds)
        : { status: 200, body: quote },
    );
    await tick(dialog);
    fireEvent.click(dialog.getByTestId('package-continue'));
    await waitFor(() => expect(dialog.getByTestId('package-quote').textContent).toContain('450.00 USDT'));
    fireEvent.click(dialog.getByTestId('package-pay'));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Insufficient funds on the internal balance.');
    expect(dialog.getAllByText(/Insufficient funds/)).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('drops a refused code’s error once the partner changes or clears the code', async () => {
    const { dialog } = openModal(() => refused('promocode', MESSAGES.promocodeNotExists));
    await tick(dialog);
    const code = dialog.getByLabelText('Promo code');
    fireEvent.change(code, { target: { value: 'WRONGCODE' } });
    fireEvent.click(dialog.getByTestId('package-continue'));
    await waitFor(() => expect(dialog.getByText('Promocode not exists.')).toBeTruthy());
    fireEvent.change(code, { target: { value: '' } });
    expect(dialog.queryByText('Promocode not exists.')).toBeNull();
  });

  it('shows a refused quote without a code in the modal too, and no toast', async () => {
    const toast = vi.spyOn(notify, 'error');
    const { dialog } = openModal(() => refused(NON_FIELD, MESSAGES.insufficientFunds));
    await tick(dialog);
    fireEvent.click(dialog.getByTestId('package-continue'));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Insufficient funds on the internal balance.');
    expect(toast).not.toHaveBeenCalled();
  });
});
