import type { TPackage, TPackagePurchaseQuote } from '@portal/contracts';
import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { PurchasePackageModal } from './PurchasePackageModal';

setUpScreens();

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

const refused = (field: string, message: string): TAnswer => ({ status: 400, body: { [field]: [message] } });

function openModal(answer: (path: string) => TAnswer) {
  const view = renderWithApi(
    <PurchasePackageModal target={tariff} current={null} onClose={() => {}} />,
    answer,
  );
  const dialog = within(screen.getByTestId('package-modal'));
  fireEvent.click(dialog.getByLabelText('I confirm my mentor'));
  fireEvent.click(dialog.getByTestId('terms-accepted'));
  return { ...view, dialog };
}

describe('the tariff purchase modal', () => {
  it('keeps a refused payment (not enough balance) on screen, not only in a 2-second toast', async () => {
    const { dialog } = openModal((path) =>
      path.endsWith('/purchase/confirm/')
        ? refused(NON_FIELD, MESSAGES.insufficientFunds)
        : { status: 200, body: quote },
    );
    fireEvent.click(dialog.getByTestId('package-continue'));
    await waitFor(() => expect(dialog.getByTestId('package-quote').textContent).toContain('450.00 USDT'));
    fireEvent.click(dialog.getByTestId('package-pay'));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Insufficient funds on the internal balance.');
  });

  it('drops a refused code’s error once the partner changes or clears the code', async () => {
    const { dialog } = openModal(() => refused('promocode', MESSAGES.promocodeNotExists));
    const code = dialog.getByLabelText('Promo code');
    fireEvent.change(code, { target: { value: 'WRONGCODE' } });
    fireEvent.click(dialog.getByTestId('package-continue'));
    await waitFor(() => expect(dialog.getByText('Promocode not exists.')).toBeTruthy());
    fireEvent.change(code, { target: { value: '' } });
    expect(dialog.queryByText('Promocode not exists.')).toBeNull();
  });

  it('shows a refused quote without a code in the modal too', async () => {
    const { dialog } = openModal(() => refused(NON_FIELD, MESSAGES.insufficientFunds));
    fireEvent.click(dialog.getByTestId('package-continue'));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Insufficient funds on the internal balance.');
  });
});
