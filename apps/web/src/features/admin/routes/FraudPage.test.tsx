import type { TFraudSignal } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { FraudPage } from './FraudPage';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());
afterEach(() => vi.restoreAllMocks());

const SIGNALS = '/api/v1/admin/fraud-signals/';
const CHECK = '/api/v1/admin/fraud-signals/scan/';
const REVIEW = '/api/v1/admin/fraud-signals/7/review/';
const WALLET = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

const aSignal = (patch: Partial<TFraudSignal> = {}): TFraudSignal => ({
  id: 7,
  kind: 'wallet',
  key: `wallet:${WALLET}`,
  status: 'open',
  details: { kind: 'wallet', address: WALLET, networks: ['BEP-20'] },
  accounts: [
    { id: 12, email: 'ana@example.com', name: 'Ana Lima' },
    { id: 13, email: 'bo@example.com', name: '' },
  ],
  first_seen: '2026-11-20T09:30:00.000Z',
  last_seen: '2026-11-21T10:00:00.000Z',
  detected_at: '2026-11-21T10:05:00.000Z',
  reopened_at: null,
  decided_by: null,
  decided_at: null,
  reason: null,
  ...patch,
});

/** A decision support took, kept on the signal. */
const DECIDED = {
  decided_by: { id: 3, email: 'support@example.com', name: 'Sue Port' },
  decided_at: '2026-11-22T08:00:00.000Z',
  reason: 'Spouses',
} satisfies Partial<TFraudSignal>;

const page = (results: TFraudSignal[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  current: 1,
  results,
});

/** The screen with the queue answered by `queue()` and every other call by `answer`. */
function renderFraud({
  queue = () => [aSignal()],
  count,
  answer = () => ({ status: 404, body: {} }),
}: {
  queue?: () => TFraudSignal[];
  count?: number;
  answer?: (path: string, method: string) => TAnswer;
} = {}) {
  const view = renderWithApi(<FraudPage />, (path, method) =>
    path === SIGNALS && method === 'GET' ? { status: 200, body: page(queue(), count) } : answer(path, method),
  );
  const queueReads = () => view.requests.filter((request) => request.path === SIGNALS);
  return { ...view, queueReads };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')];

describe('the fraud signals screen', () => {
  it('shows each signal: its kind in words, what the accounts share, the accounts with links, when it was seen', async () => {
    const { queueReads } = renderFraud();
    const row = await screen.findByTestId('fraud-signal-7');
    const [kind, shared, accounts, seen, decision, actions] = cells(row);
    expect(kind!.textContent).toBe('Shared payout wallet');
    expect(shared!.textContent).toBe(`Wallet: ${WALLET}Networks: BEP-20`);
    // Each account links to its partner detail; with no name, the address stands for it.
    const links = within(accounts!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ana Lima', '/admin/users/12'],
      ['bo@example.com', '/admin/users/13'],
    ]);
    expect(accounts!.textContent).toContain('ana@example.com');
    expect(seen!.textContent).toBe(
      `First: ${formatDateTime('2026-11-20T09:30:00.000Z')}Last: ${formatDateTime('2026-11-21T10:00:00.000Z')}`,
    );
    expect(decision!.textContent).toBe('Open');
    expect(
      within(actions!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Confirm', 'Dismiss']);
    // Each cell names its column, for the stacked rows of a phone.
    expect(cells(row).map((cell) => cell.dataset.label)).toEqual([
      'Signal',
      'What they share',
      'Accounts',
      'Seen',
      'Decision',
      'Actions',
    ]);
    expect(queueReads().map((request) => request.query)).toEqual([{ status: 'open', page: '1' }]);
    expect(screen.getByRole('tab', { name: 'Open', selected: true })).toBeTruthy();
  });

  it('says what each kind shares', async () => {
    const signal = (id: number, details: TFraudSignal['details']) =>
      aSignal({ id, kind: details.kind, key: `k${id}`, details });
    renderFraud({
      queue: () => [
        signal(1, { kind: 'device', ip: '10.0.0.1', user_agent: 'Phone/1' }),
        signal(2, { kind: 'ip', ip: '10.0.0.2' }),
        signal(3, { kind: 'signup_burst', ip: '10.0.0.3', window_minutes: 60, most_in_window: 7 }),
        signal(4, { kind: 'disposable_email', domain: 'mailinator.com' }),
        signal(5, {
          kind: 'sponsor_loop',
          links: ['mentor', 'promocode'],
          shares: [
            { kind: 'ip', value: '10.0.0.5' },
            { kind: 'wallet', value: WALLET },
          ],
        }),
      ],
    });
    const texts = async (id: number) => {
      const [kind, shared] = cells(await screen.findByTestId(`fraud-signal-${id}`));
      return [kind!.textContent, [...shared!.querySelectorAll('p')].map((line) => line.textContent)];
    };
    expect(await texts(1)).toEqual(['Shared device', ['IP address: 10.0.0.1', 'Browser: Phone/1']]);
    expect(await texts(2)).toEqual(['Shared IP address', ['IP address: 10.0.0.2']]);
    expect(await texts(3)).toEqual([
      'Sign-up burst',
      ['IP address: 10.0.0.3', 'Most accounts opened within 60 minutes: 7'],
    ]);
    expect(await texts(4)).toEqual(['Disposable email', ['Email domain: mailinator.com']]);
    expect(await texts(5)).toEqual([
      'Sponsor loop',
      [
        'One invited the other',
        "One bought with the other's promo code",
        'Same IP address: 10.0.0.5',
        `Same wallet: ${WALLET}`,
      ],
    ]);
  });

  it('dismisses with the reason asked in a dialog, says so, and reads the queue again', async () => {
    let decided = false;
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests, queueReads } = renderFraud({
      queue: () => (decided ? [] : [aSignal()]),
      answer: (path, method) => {
        if (path === REVIEW && method === 'POST') {
          decided = true;
          return { status: 200, body: aSignal({ status: 'dismissed' }) };
        }
        return { status: 404, body: {} };
      },
    });
    fireEvent.click(within(await screen.findByTestId('fraud-signal-7')).getByTestId('fraud-dismissed'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Dismiss the signal: Shared payout wallet');
    expect(within(dialog).getByRole('list').textContent).toContain('If new accounts join it later');
    const reads = queueReads().length;

    // No reason: refused in the dialog, nothing sent.
    fireEvent.click(screen.getByTestId('fraud-review-submit'));
    await screen.findByText('This field is required.');
    expect(requests.some((request) => request.path === REVIEW)).toBe(false);

    fireEvent.change(screen.getByTestId('fraud-review-reason'), {
      target: { value: 'Spouses, one household' },
    });
    fireEvent.click(screen.getByTestId('fraud-review-submit'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Signal dismissed.'));
    expect(requests.filter((request) => request.path === REVIEW)).toMatchObject([
      { method: 'POST', body: { decision: 'dismissed', reason: 'Spouses, one household' } },
    ]);
    await waitFor(() => expect(queueReads().length).toBeGreaterThan(reads));
    expect(await screen.findByText('No signal has this status.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refusal of the server in the dialog', async () => {
    renderFraud({
      answer: (path) =>
        path === REVIEW
          ? { status: 409, body: { detail: 'This signal is already confirmed.' } }
          : { status: 404, body: {} },
    });
    fireEvent.click(within(await screen.findByTestId('fraud-signal-7')).getByTestId('fraud-confirmed'));
    fireEvent.change(screen.getByTestId('fraud-review-reason'), { target: { value: 'One payee' } });
    fireEvent.click(screen.getByTestId('fraud-review-submit'));
    expect((await screen.findByTestId('fraud-review-error')).textContent).toBe(
      'This signal is already confirmed.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a decided signal with who decided, when and why, and only the other decision', async () => {
    renderFraud({
      queue: () => [
        aSignal({
          status: 'dismissed',
          ...DECIDED,
        }),
      ],
    });
    const [, , , , decision, actions] = cells(await screen.findByTestId('fraud-signal-7'));
    expect(decision!.textContent).toBe(
      `DismissedDecided by support@example.com on ${formatDateTime('2026-11-22T08:00:00.000Z')}Reason: Spouses`,
    );
    expect(
      within(actions!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Confirm']);
  });

  it('says when an open signal was opened again by new accounts', async () => {
    renderFraud({
      queue: () => [
        aSignal({
          reopened_at: '2026-11-23T08:00:00.000Z',
          ...DECIDED,
        }),
      ],
    });
    const [, , , , decision] = cells(await screen.findByTestId('fraud-signal-7'));
    expect(decision!.textContent).toContain(
      `Opened again on ${formatDateTime('2026-11-23T08:00:00.000Z')}: new accounts joined.`,
    );
    expect(decision!.textContent).toContain('Reason: Spouses');
  });

  it('sends the status and the kind it is filtered by, from the first page again', async () => {
    const { queueReads } = renderFraud({ count: 45 });
    await screen.findByTestId('fraud-signal-7');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queueReads().at(-1)!.query).toEqual({ status: 'open', page: '2' }));
    fireEvent.change(screen.getByTestId('fraud-kind'), { target: { value: 'sponsor_loop' } });
    await waitFor(() =>
      expect(queueReads().at(-1)!.query).toEqual({ status: 'open', kind: 'sponsor_loop', page: '1' }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Dismissed' }));
    await waitFor(() =>
      expect(queueReads().at(-1)!.query).toEqual({ status: 'dismissed', kind: 'sponsor_loop', page: '1' }),
    );
    fireEvent.change(screen.getByTestId('fraud-kind'), { target: { value: '' } });
    await waitFor(() => expect(queueReads().at(-1)!.query).toEqual({ status: 'dismissed', page: '1' }));
  });

  it('runs the check now, says what it found, and reads the queue again', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests, queueReads } = renderFraud({
      answer: (path, method) =>
        path === CHECK && method === 'POST'
          ? { status: 200, body: { signals: 9, opened: 2, reopened: 1 } }
          : { status: 404, body: {} },
    });
    await screen.findByTestId('fraud-signal-7');
    const reads = queueReads().length;
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Check done: 9 signals, 2 new, 1 opened again.'),
    );
    expect(requests.filter((request) => request.path === CHECK)).toMatchObject([{ method: 'POST' }]);
    await waitFor(() => expect(queueReads().length).toBeGreaterThan(reads));
  });
});
