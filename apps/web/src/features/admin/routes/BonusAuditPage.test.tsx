import type { TBonusAudit, TBonusAuditRun } from '@portal/contracts';
import { MESSAGES } from '@portal/contracts/plain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { BONUS_AUDIT_POLL_MS } from '../api/get-bonus-audit';
import { BonusAuditPage } from './BonusAuditPage';

setUpScreens();
afterEach(() => vi.useRealTimers());

const AUDIT = '/api/v1/admin/bonus-audit/';

const aRun = (patch: Partial<TBonusAuditRun>): TBonusAuditRun => ({
  id: 1,
  trigger: 'nightly',
  started_at: '2026-11-20T03:00:00',
  finished_at: '2026-11-20T03:00:12',
  events: 1200,
  postings: 3400,
  partners: 150,
  differences: 0,
  ok: true,
  ms: 12400,
  sample: [],
  error: null,
  ...patch,
});

const withDifferences = aRun({
  differences: 130,
  ok: false,
  sample: [
    { event_id: 42, ordinal: 3, payee_id: 7, what: 'credited', expected: '40000000', found: '39000000' },
    {
      event_id: 43,
      ordinal: null,
      payee_id: null,
      what: 'posting',
      expected: 'binary 100 to 9',
      found: 'none',
    },
  ],
});

const gets = (calls: { path: string; method: string }[]) =>
  calls.filter((call) => call.path === AUDIT && call.method === 'GET').length;

describe('the bonus audit screen', () => {
  it('shows the last run, its facts and its differences', async () => {
    renderWithApi(<BonusAuditPage />, () => ({
      status: 200,
      body: { running: false, last: withDifferences },
    }));
    const status = await screen.findByTestId('bonus-audit-status');
    expect(status.textContent).toBe('Last run: differences found: 130.');
    expect(screen.getByRole('heading', { level: 1, name: 'Bonus audit' })).toBeTruthy();
    expect(screen.getByTestId('bonus-audit-trigger').textContent).toBe('The nightly schedule');
    expect(screen.getByTestId('bonus-audit-started').textContent).toBe('20.11.2026 03:00');
    expect(screen.getByTestId('bonus-audit-finished').textContent).toBe('20.11.2026 03:00');
    expect(screen.getByTestId('bonus-audit-events').textContent).toBe('1200');
    expect(screen.getByTestId('bonus-audit-postings').textContent).toBe('3400');
    expect(screen.getByTestId('bonus-audit-partners').textContent).toBe('150');
    expect(screen.getByTestId('bonus-audit-duration').textContent).toBe('12.4 seconds');
    expect(screen.getByTestId('bonus-audit-sample-note').textContent).toBe('The first 2 of 130 differences.');
    const table = screen.getByRole('region', { name: 'Differences' });
    const [first, second] = within(table).getAllByTestId('bonus-audit-difference');
    expect([...first!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '42',
      '3',
      '7',
      'credited',
      '40000000',
      '39000000',
    ]);
    expect([...second!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '43',
      '-',
      '-',
      'posting',
      'binary 100 to 9',
      'none',
    ]);
  });

  it.each<[string, TBonusAudit, string]>([
    ['no run yet', { running: false, last: null }, 'No run yet.'],
    ['a clean run', { running: false, last: aRun({}) }, 'Last run: no difference.'],
    [
      'a failed run, with its error',
      { running: false, last: aRun({ ok: null, error: 'The ledger could not be read.', ms: 850 }) },
      'Last run failed.The ledger could not be read.',
    ],
  ])('says where it stands: %s', async (_, audit, text) => {
    renderWithApi(<BonusAuditPage />, () => ({ status: 200, body: audit }));
    expect((await screen.findByTestId('bonus-audit-status')).textContent).toBe(text);
    expect(screen.queryByRole('region', { name: 'Differences' })).toBeNull();
  });

  it('starts a run, asks again every 2 seconds while it runs, and stops once it has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: TBonusAudit = { running: false, last: aRun({}) };
    let pollsLeft = 2;
    const { requests } = renderWithApi(<BonusAuditPage />, (path, method): TAnswer => {
      if (path !== AUDIT) return { status: 404, body: {} };
      if (method === 'POST') {
        state = {
          running: true,
          last: aRun({ id: 2, trigger: 'admin', finished_at: null, ok: null, ms: null }),
        };
        return { status: 202, body: { id: 2 } };
      }
      const answer = state;
      if (state.running && --pollsLeft === 0) state = { running: false, last: withDifferences };
      return { status: 200, body: answer };
    });
    const run = await screen.findByTestId('bonus-audit-run');
    fireEvent.click(run);
    await waitFor(() =>
      expect(screen.getByTestId('bonus-audit-status').textContent).toBe('A run is under way.'),
    );
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({ path: AUDIT, body: {} });
    expect(screen.getByTestId<HTMLButtonElement>('bonus-audit-run').disabled).toBe(true);
    expect(screen.getByTestId('bonus-audit-trigger').textContent).toBe('An operator, on this screen');
    expect(screen.getByTestId('bonus-audit-finished').textContent).toBe('Not finished yet');

    const before = gets(requests);
    await act(() => vi.advanceTimersByTimeAsync(BONUS_AUDIT_POLL_MS));
    await waitFor(() => expect(gets(requests)).toBe(before + 1));
    await act(() => vi.advanceTimersByTimeAsync(BONUS_AUDIT_POLL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('bonus-audit-status').textContent).toBe('Last run: differences found: 130.'),
    );
    const finished = gets(requests);
    await act(() => vi.advanceTimersByTimeAsync(BONUS_AUDIT_POLL_MS * 3));
    expect(gets(requests)).toBe(finished);
    expect(screen.getByTestId<HTMLButtonElement>('bonus-audit-run').disabled).toBe(false);
  });

  it('shows the refusal when a run is under way already', async () => {
    renderWithApi(<BonusAuditPage />, (_, method) =>
      method === 'POST'
        ? { status: 409, body: { detail: MESSAGES.bonusAuditRunning } }
        : { status: 200, body: { running: false, last: null } },
    );
    fireEvent.click(await screen.findByTestId('bonus-audit-run'));
    expect((await screen.findByTestId('bonus-audit-error')).textContent).toBe(
      'A bonus audit is running already. Wait for it to finish.',
    );
  });
});
