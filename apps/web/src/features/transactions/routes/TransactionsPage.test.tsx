import type { TFinancesPage, TPayoutExplanation, TTransaction } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { TransactionsPage } from './TransactionsPage';

setUpScreens();

const line = (patch: Partial<TTransaction>): TTransaction => ({
  id: 1,
  operation_type: 'bonus',
  bonus_type: 'invite',
  currency: 'USDT',
  amount: '40.000000',
  date: '2026-11-20T10:00:00',
  status: 'completed',
  confirmations: null,
  hash: null,
  details: {},
  ...patch,
});

const page = (results: TTransaction[]): TFinancesPage => ({
  count: results.length,
  next: null,
  previous: null,
  current: 1,
  results,
});

/** A credit of 40 (payout 7), its reversal (payout 9): 10 taken back, 30 became debt; then 5 repaid. */
const statement = page([
  line({
    id: 3,
    operation_type: 'adjustment',
    bonus_type: null,
    amount: '-5.000000',
    details: { reason: 'debt_repayment', repaid: '5000000' },
  }),
  line({
    id: 2,
    amount: '-10.000000',
    details: { reversal: true, reversed: '40000000', debt: '30000000', reverses_payout_id: 7, payout_id: 9 },
  }),
  line({ id: 1, details: { payout_id: 7, gross: '40000000' } }),
]);

const explanation = (patch: Partial<TPayoutExplanation>): TPayoutExplanation => ({
  id: 7,
  bonus_type: 'invite',
  currency: 'USDT',
  date: '2026-11-20T10:00:00',
  period: null,
  purchase: { id: 5, date: '2026-11-20T10:00:00', product_name: 'DexNode', product_kind: 'device' },
  buyer: { id: 12, username: null, first_name: 'Jon', last_name: 'Tester' },
  level: 1,
  leg: null,
  base: '400.000000',
  rate_bp: 1000,
  gross: '40.000000',
  credited: '40.000000',
  lost: '0.000000',
  cap_took: '0.000000',
  plan_version: 'v1',
  source_bonus_type: null,
  source_payee: null,
  reversed_at: '2026-11-22T10:00:00',
  reversed: '40.000000',
  lost_profit: null,
  position: { ordinal: 1, of: 3 },
  reverses: null,
  taken: '0.000000',
  debt: '0.000000',
  reversed_by: [9],
  debt_repaid: '0.000000',
  ...patch,
});

const EXPLANATIONS: Record<string, TPayoutExplanation> = {
  '/api/v1/mlm/payouts/7/': explanation({}),
  '/api/v1/mlm/payouts/9/': explanation({
    id: 9,
    date: '2026-11-22T10:00:00',
    gross: '-40.000000',
    credited: '-40.000000',
    reversed_at: null,
    reversed: '0.000000',
    position: { ordinal: 1, of: 2 },
    reverses: 7,
    taken: '10.000000',
    debt: '30.000000',
    reversed_by: [],
  }),
};

const answerWith =
  (explanations: Record<string, TPayoutExplanation>) =>
  (path: string): TAnswer =>
    path === '/api/v1/payments/finances/'
      ? { status: 200, body: statement }
      : explanations[path]
        ? { status: 200, body: explanations[path] }
        : { status: 404, body: { detail: 'Not found.' } };
const answer = answerWith(EXPLANATIONS);

/** The statement's lines, once they are shown (newest first). */
const statementRows = () => screen.findAllByTestId(/^transaction-(bonus|adjustment)$/);

describe('the statement', () => {
  it('names a reversal with its bonus and the part that became debt, and a repayment of a debt', async () => {
    renderWithApi(<TransactionsPage />, answer, '/transactions');
    const [repayment, reversal, credit] = await statementRows();
    expect(within(reversal!).getByTestId('transaction-label').textContent).toBe(
      'Bonus reversed: Invite bonus',
    );
    expect(reversal!.textContent).toContain('-10.00 USDT');
    expect(within(reversal!).getByTestId('transaction-debt').textContent).toBe('30.00 USDT became debt');
    expect(within(repayment!).getByTestId('transaction-label').textContent).toBe(
      'Debt repaid from your bonuses',
    );
    expect(repayment!.textContent).toContain('-5.00 USDT');
    expect(within(credit!).getByTestId('transaction-label').textContent).toBe('Bonus');
    expect(within(credit!).queryByTestId('transaction-debt')).toBeNull();
  });

  it('explains a reversal (taken, debt) and opens the bonus it reverses, which opens it back', async () => {
    renderWithApi(<TransactionsPage />, answer, '/transactions');
    const rows = await statementRows();
    fireEvent.click(within(rows[1]!).getByTestId('transaction-explain'));
    const dialog = await screen.findByRole('dialog', { name: 'How this bonus was reversed' });
    await waitFor(() => expect(within(dialog).getByTestId('explain-taken').textContent).toBe('10.00 USDT'));
    expect(within(dialog).getByTestId('explain-reversed').textContent).toBe('40.00 USDT');
    expect(within(dialog).getByTestId('explain-debt').textContent).toBe('30.00 USDT');
    expect(within(dialog).getByTestId('explain-position').textContent).toBe('Posting 1 of 2 in its purchase');
    expect(within(dialog).getByTestId('explain-debt-note').textContent).toContain(
      '30.00 USDT could not be taken',
    );
    expect(within(dialog).queryByTestId('explain-formula')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'See the bonus this reverses' }));
    const credit = await screen.findByRole('dialog', { name: 'How this bonus was calculated' });
    await waitFor(() =>
      expect(within(credit).getByTestId('explain-credited').textContent).toBe('40.00 USDT'),
    );
    expect(within(credit).getByTestId('explain-position').textContent).toBe('Posting 1 of 3 in its purchase');
    expect(within(credit).queryByTestId('explain-debt-repaid')).toBeNull();
    expect(credit.textContent).toContain('The purchase was refunded: 40.00 USDT of this bonus was reversed.');
    // The button pressed is gone: the focus goes to what replaced it, for keyboard and screen reader.
    expect(document.activeElement).toBe(within(credit).getByTestId('payout-explanation'));

    fireEvent.click(within(credit).getByRole('button', { name: 'See its reversal' }));
    await waitFor(() => expect(within(credit).getByTestId('explain-taken').textContent).toBe('10.00 USDT'));
    fireEvent.click(within(credit).getByTestId('explain-back'));
    await waitFor(() =>
      expect(within(credit).getByTestId('explain-credited').textContent).toBe('40.00 USDT'),
    );
  });

  it('shows the part of a bonus that repaid a debt, and no position for a bonus made before the ordered fold', async () => {
    const repaying = explanation({
      debt_repaid: '5.000000',
      position: null,
      reversed_by: [],
      reversed_at: null,
    });
    renderWithApi(
      <TransactionsPage />,
      answerWith({ ...EXPLANATIONS, '/api/v1/mlm/payouts/7/': repaying }),
      '/transactions',
    );
    const rows = await statementRows();
    fireEvent.click(within(rows[2]!).getByTestId('transaction-explain'));
    const dialog = await screen.findByRole('dialog', { name: 'How this bonus was calculated' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('explain-debt-repaid').textContent).toBe('5.00 USDT'),
    );
    expect(within(dialog).queryByTestId('explain-position')).toBeNull();
    expect(within(dialog).queryByTestId('explain-open-reversal')).toBeNull();
  });

  it('shows a rank bonus as its rank and a product named as its kind once: no internal identifiers', async () => {
    const rankBonus = explanation({
      bonus_type: 'qualification',
      period: 'rank:Silver',
      purchase: null,
      buyer: null,
      reversed_by: [],
      reversed_at: null,
    });
    const keyBonus = explanation({
      purchase: {
        id: 5,
        date: '2026-11-20T10:00:00',
        product_name: 'Validator key',
        product_kind: 'validator_key',
      },
      reversed_by: [],
      reversed_at: null,
    });
    const open = async (payout: TPayoutExplanation) => {
      const view = renderWithApi(
        <TransactionsPage />,
        answerWith({ '/api/v1/mlm/payouts/7/': payout }),
        '/transactions',
      );
      const rows = await statementRows();
      fireEvent.click(within(rows[2]!).getByTestId('transaction-explain'));
      const dialog = await screen.findByRole('dialog', { name: 'How this bonus was calculated' });
      await within(dialog).findByTestId('payout-explanation');
      return { dialog, view };
    };

    const rank = await open(rankBonus);
    const period = within(rank.dialog).getByTestId('explain-period');
    expect(period.textContent).toBe('Silver');
    expect(period.closest('tr')!.textContent).toBe('RankSilver');
    expect(rank.dialog.textContent).not.toContain('rank:');
    rank.view.unmount();

    const key = await open(keyBonus);
    expect(within(key.dialog).getByTestId('explain-product').textContent).toBe('Validator key');
  });
});

/** The files the page hands to the browser to save: each link's address and name. */
function savedFiles(): { href: string; download: string }[] {
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  return saved;
}

/** The page at `address`, the call `file` answering `body`; once its statement is shown. */
async function withFile(file: string, body: string, address: string) {
  const view = renderWithApi(
    <TransactionsPage />,
    (path) => (path === file ? { status: 200, body } : answer(path)),
    address,
  );
  await statementRows();
  return view;
}

describe('the CSV export', () => {
  it('downloads every line the filters keep, with the filters of the page, under a dated name', async () => {
    const saved = savedFiles();
    const { requests } = await withFile(
      '/api/v1/payments/finances/csv/',
      'id,date\r\n',
      '/transactions?operation_type=bonus&currency=USDT&ordering=amount',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csv = requests.find((request) => request.path === '/api/v1/payments/finances/csv/')!;
    expect(csv.method).toBe('GET');
    expect(csv.query).toEqual({ operation_type: 'bonus', currency: 'USDT', ordering: 'amount' });
    expect(saved[0]).toEqual({
      href: 'blob:file',
      download: `transactions-${new Date().toISOString().slice(0, 10)}.csv`,
    });
  });
});

describe('the monthly statement', () => {
  it('downloads the PDF of the month and currency picked: the previous month and USDT unless changed', async () => {
    const files = savedFiles();
    const saved = () => files.map((file) => file.download);
    const { requests } = await withFile('/api/v1/payments/finances/statement/', '%PDF-1.3', '/transactions');
    const now = new Date();
    const month = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    const monthSelect = screen.getByRole('combobox', { name: 'Statement month' });
    // The last twelve months, newest first.
    expect(
      within(monthSelect)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(Array.from({ length: 12 }, (_, back) => month(back)));
    expect(monthSelect).toHaveProperty('value', month(1));
    const button = screen.getByRole('button', { name: 'Monthly statement (PDF)' });
    fireEvent.click(button);
    await waitFor(() => expect(saved()).toEqual([`statement-USDT-${month(1)}.pdf`]));

    fireEvent.change(monthSelect, { target: { value: month(4) } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Statement currency' }), {
      target: { value: 'DXN' },
    });
    fireEvent.click(button);
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]).toBe(`statement-DXN-${month(4)}.pdf`);
    const statements = requests.filter((request) => request.path === '/api/v1/payments/finances/statement/');
    expect(statements.map(({ method, query }) => ({ method, query }))).toEqual([
      { method: 'GET', query: { month: month(1), currency: 'USDT' } },
      { method: 'GET', query: { month: month(4), currency: 'DXN' } },
    ]);
  });
});

describe('back from the card provider', () => {
  it('says how the card payment went: asked again until it settles, the reason in the partner’s words', async () => {
    let asked = 0;
    renderWithApi(
      <TransactionsPage />,
      (path) => {
        if (path !== '/api/v1/cardpayment/payments/5/') return answer(path);
        asked += 1;
        return {
          status: 200,
          body: {
            payment_id: 5,
            status: asked === 1 ? 'processing' : 'declined',
            amount: '100.000000',
            amount_eur: '92.00',
            card: { brand: 'visa', last4: '9995', country: 'ES' },
            reason: asked === 1 ? null : 'The card was declined by the bank.',
            created_at: '2026-12-01T10:00:00Z',
          },
        };
      },
      '/transactions?card_payment=5',
    );
    const notice = await screen.findByTestId('card-payment-notice');
    expect(notice.textContent).toContain('Your card payment of 100.00 USDT is being processed.');
    await waitFor(() => expect(notice.getAttribute('data-status')).toBe('declined'), { timeout: 3000 });
    expect(notice.textContent).toContain(
      'Your card payment of 100.00 USDT was not made: The card was declined by the bank.',
    );
  });
});
