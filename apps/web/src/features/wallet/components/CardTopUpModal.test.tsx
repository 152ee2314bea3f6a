import { MESSAGES } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { CardTopUpModal, goTo } from './CardTopUpModal';

setUpScreens();
afterEach(() => vi.restoreAllMocks());

const PAGE = 'https://provider.example/pay?session=abc';
const limits = {
  min: '15.000000',
  max: '3000.000000',
  kyc_above: '700.000000',
  attempts_per_day: 10,
  attempts_per_month: 50,
  allowed_countries: ['DE'],
};

const answerWith =
  (open: TAnswer) =>
  (path: string): TAnswer =>
    path === '/api/v1/cardpayment/limits/'
      ? { status: 200, body: limits }
      : path === '/api/v1/cardpayment/usdt_euro_rate/'
        ? { status: 200, body: { rate: '0.92' } }
        : open;

describe('the card top-up form', () => {
  it("takes the amount only and sends the partner to the provider's page to type the card", async () => {
    const go = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    const { requests } = renderWithApi(
      <CardTopUpModal opened onClose={() => {}} />,
      answerWith({ status: 201, body: { payment_id: 5, url: PAGE, status: 'pending' } }),
    );
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    expect(screen.getByTestId('card-hosted-note').textContent).toContain("card provider's secure page");
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '1000' } });
    await screen.findByText('Charged to your card: 920.00 EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(PAGE));
    const open = requests.find(
      (request) => request.path === '/api/v1/cardpayment/test_endpoint_carpayment/',
    )!;
    expect(open.body).toEqual({ amount: '1000' });
    expect(open.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the server's refusal on the amount field and goes nowhere", async () => {
    const go = vi.spyOn(goTo, 'url').mockImplementation(() => {});
    renderWithApi(
      <CardTopUpModal opened onClose={() => {}} />,
      answerWith({ status: 400, body: { amount: [MESSAGES.cardKycRequired.replace('{limit}', '700')] } }),
    );
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('A top-up above 700 USDT needs a verified identity (KYC).');
    expect(go).not.toHaveBeenCalled();
  });
});
