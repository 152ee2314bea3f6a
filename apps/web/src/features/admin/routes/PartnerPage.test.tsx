import type { TPartnerDetail } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { session } from '../../../lib/session';
import { aProfile } from '../../../testing/profile';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { PartnerPage } from './PartnerPage';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());

const person = (id: number, first_name: string) => ({
  id,
  first_name,
  last_name: 'Tester',
  email: `${first_name.toLowerCase()}@example.com`,
});

const detail = (notes: TPartnerDetail['notes'] = []): TPartnerDetail => ({
  profile: aProfile({ id: 12, first_name: 'Pia', last_name: 'Tester', email: 'pia@example.com', roles: [] }),
  date_joined: '2026-11-02T10:00:00Z',
  sponsor_line: [
    { ...person(11, 'Milo'), level: 1 },
    { ...person(10, 'Tess'), level: 2 },
  ],
  binary: { parent: person(11, 'Milo'), position: 'right', depth: 4, side: 'left' },
  tariff: {
    package: null,
    status: 'Inactive',
    cap: '0.000000',
    earned: '0.000000',
    cap_left: '0.000000',
    lost_profit_pending: '0.000000',
  },
  transactions: [
    {
      id: 5,
      operation_type: 'adjustment',
      bonus_type: null,
      currency: 'USDT',
      amount: '42.000000',
      date: '2026-11-20T10:00:00Z',
      status: 'completed',
      confirmations: null,
      hash: null,
      details: {},
    },
  ],
  sessions: [
    {
      created_at: '2026-12-01T09:00:00Z',
      expires_at: '2026-12-08T09:00:00Z',
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (iPhone)',
    },
  ],
  notes,
});

/** Partner 12's detail at its route, the API answered by `answer`. */
const showDetail = (answer: (path: string, method: string) => TAnswer) =>
  renderWithApi(
    <Routes>
      <Route path="/admin/users/:id" element={<PartnerPage />} />
    </Routes>,
    answer,
    '/admin/users/12',
  );

describe('the partner detail', () => {
  it('shows the sponsor line, the binary position, money, recent lines and sessions, and adds a note', async () => {
    let notes: TPartnerDetail['notes'] = [];
    const answer = (path: string, method: string): TAnswer => {
      if (path === '/api/v1/accounts/info/') return { status: 200, body: aProfile({ roles: ['support'] }) };
      if (path === '/api/v1/admin/users/12/notes/' && method === 'POST') {
        notes = [
          { id: 1, author: person(1, 'Sam'), text: 'Called back.', created_at: '2026-12-01T10:00:00Z' },
        ];
        return { status: 201, body: notes[0] };
      }
      if (path === '/api/v1/admin/users/12/') return { status: 200, body: detail(notes) };
      return { status: 404, body: {} };
    };
    const { requests } = showDetail(answer);
    expect(await screen.findByRole('heading', { name: 'Pia Tester' })).toBeTruthy();
    const sponsors = screen.getByTestId('partner-sponsors');
    expect(
      within(sponsors)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Milo Tester #11', '/admin/users/11'],
      ['Tess Tester #10', '/admin/users/10'],
    ]);
    const binary = screen.getByTestId('partner-binary');
    expect(binary.textContent).toContain('Milo Tester #11');
    expect(binary.textContent).toContain('Right');
    expect(screen.getByTestId('partner-transactions').textContent).toContain('42.00 USDT');
    expect(screen.getByTestId('partner-sessions').textContent).toContain('203.0.113.7');
    expect(screen.getByTestId('partner-notes').textContent).toContain('No notes yet.');

    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Called back.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the note' }));
    await waitFor(() => expect(screen.getAllByTestId('partner-note')).toHaveLength(1));
    expect(screen.getByTestId('partner-note').textContent).toContain('Called back.');
    expect(screen.getByTestId('partner-note').textContent).toContain('Sam Tester');
    expect(requests.find((request) => request.path === '/api/v1/admin/users/12/notes/')?.body).toEqual({
      text: 'Called back.',
    });
  });
});

describe('the actions of the detail', () => {
  it('moves the partner under another mentor, and adjusts a balance, each with a reason', async () => {
    const answer = (path: string): TAnswer => {
      if (path === '/api/v1/accounts/info/')
        return { status: 200, body: aProfile({ roles: ['support', 'finance'] }) };
      if (path === '/api/v1/admin/users/12/') return { status: 200, body: detail() };
      if (path === '/api/v1/admin/users/12/mentor/') return { status: 200, body: { id: 12, mentor_id: 10 } };
      if (path === '/api/v1/admin/ledger/adjustments/') return { status: 201, body: { success: true } };
      return { status: 404, body: {} };
    };
    const { requests } = showDetail(answer);
    fireEvent.click(await screen.findByTestId('change-mentor'));
    const mentor = await screen.findByTestId('mentor-change');
    expect(mentor.textContent).toContain('Only before their first paid tariff');
    fireEvent.change(within(mentor).getByLabelText(/The new mentor's ID/), { target: { value: '10' } });
    fireEvent.change(within(mentor).getByLabelText(/Reason/), { target: { value: 'Ticket 88: wrong link' } });
    fireEvent.submit(mentor);
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/v1/admin/users/12/mentor/')?.body).toEqual({
        mentor_id: 10,
        reason: 'Ticket 88: wrong link',
      }),
    );

    fireEvent.click(screen.getByTestId('adjust-balance'));
    const adjust = await screen.findByTestId('adjust');
    fireEvent.change(within(adjust).getByLabelText(/Amount/), { target: { value: '-5' } });
    fireEvent.change(within(adjust).getByLabelText(/Reason/), {
      target: { value: 'Double credit of ticket 90' },
    });
    fireEvent.submit(adjust);
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/v1/admin/ledger/adjustments/')?.body).toEqual({
        user_id: 12,
        currency: 'USDT',
        amount: '-5',
        reason: 'Double credit of ticket 90',
      }),
    );
    const sent = requests.find((request) => request.path === '/api/v1/admin/ledger/adjustments/')!;
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows support no balance adjustment, which is finance’s', async () => {
    showDetail((path) =>
      path === '/api/v1/accounts/info/'
        ? { status: 200, body: aProfile({ roles: ['support'] }) }
        : path === '/api/v1/admin/users/12/'
          ? { status: 200, body: detail() }
          : { status: 404, body: {} },
    );
    expect(await screen.findByTestId('change-mentor')).toBeTruthy();
    expect(screen.queryByTestId('adjust-balance')).toBeNull();
  });
});
