import type { TAuditEntry } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { AuditPage } from './AuditPage';

setUpScreens();

const AUDIT = '/api/v1/admin/audit/';

const anEntry = (patch: Partial<TAuditEntry> = {}): TAuditEntry => ({
  id: 1,
  actor_id: 3,
  action: 'user.mfa_reset',
  target: 'user:12',
  reason: 'Lost phone',
  before: { mfa_enabled: true },
  after: { mfa_enabled: false },
  created_at: '2026-11-20T09:30:00.000Z',
  ...patch,
});

const page = (results: TAuditEntry[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  current: 1,
  results,
});

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

describe('the audit log screen', () => {
  it('shows who did what to what, why, and what it changed', async () => {
    renderWithApi(<AuditPage />, () => ({
      status: 200,
      body: page([
        anEntry(),
        anEntry({
          id: 2,
          actor_id: null,
          action: 'ledger.adjust',
          target: 'account:5',
          reason: null,
          before: null,
          after: { amount: '10.000000', roles: ['finance'] },
        }),
      ]),
    }));
    const [first, second] = await screen.findAllByTestId('audit-entry');
    expect(cells(first!)).toEqual([
      formatDateTime('2026-11-20T09:30:00.000Z'),
      '3',
      'user.mfa_reset',
      'user:12',
      'Lost phone',
      '{"mfa_enabled":true} → {"mfa_enabled":false}',
    ]);
    expect(cells(second!)).toEqual([
      formatDateTime('2026-11-20T09:30:00.000Z'),
      'System',
      'ledger.adjust',
      'account:5',
      '–',
      '– → {"amount":"10.000000","roles":["finance"]}',
    ]);
    // Each cell names its column, for the stacked rows of a phone.
    expect([...first!.querySelectorAll('td')].map((cell) => cell.dataset.label)).toEqual([
      'Date',
      'Actor ID',
      'Action',
      'Target',
      'Reason',
      'Before → after',
    ]);
  });

  it('sends the actor and the action it is filtered by, and the page', async () => {
    const { requests } = renderWithApi(<AuditPage />, () => ({
      status: 200,
      body: page([anEntry()], 45),
    }));
    await screen.findByTestId('audit-entry');
    expect(requests.filter((request) => request.path === AUDIT).map((request) => request.query)).toEqual([
      { page: '1' },
    ]);

    fireEvent.change(screen.getByTestId('audit-actor'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: ' user.kyc_decision ' } });
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        path: AUDIT,
        method: 'GET',
        query: { page: '1', actor_id: '3', action: 'user.kyc_decision' },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(requests.at(-1)!.query).toEqual({ page: '2', actor_id: '3', action: 'user.kyc_decision' }),
    );
  });

  it('says when nothing was found', async () => {
    renderWithApi(<AuditPage />, () => ({ status: 200, body: page([]) }));
    expect(await screen.findByText('No entries.')).toBeTruthy();
  });
});
