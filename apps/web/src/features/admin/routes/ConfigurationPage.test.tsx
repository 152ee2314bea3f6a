import { SETTING_KEYS, type TAdminSettings, type TSettingHistoryPage } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { ConfigurationPage } from './ConfigurationPage';

setUpScreens();

const SETTINGS: TAdminSettings = {
  settings: SETTING_KEYS.map((key) => ({
    key,
    value: 'off',
    default: 'off',
    changed_at: null,
    changed_by: null,
  })).map((setting) =>
    setting.key === 'WITHDRAWAL_FEE_USDT'
      ? {
          ...setting,
          value: '2.5',
          default: '1',
          changed_at: '2026-11-20T09:30:00.000Z',
          changed_by: { id: 1, email: 'admin@example.com' },
        }
      : setting,
  ),
  fixed: { hot_winter_window: '2026-12-01T00:00:00Z/2027-03-01T00:00:00Z', plan_version: 'v1' },
};

const HISTORY: TSettingHistoryPage = {
  count: 1,
  next: null,
  previous: null,
  current: 1,
  results: [
    {
      id: 7,
      key: 'WITHDRAWAL_FEE_USDT',
      value: '2.5',
      previous: '1',
      reason: 'Network fees went up',
      actor: { id: 1, email: 'admin@example.com' },
      created_at: '2026-11-20T09:30:00.000Z',
    },
  ],
};

const api =
  (change: (body: unknown) => TAnswer) =>
  (path: string, method: string): TAnswer => {
    if (path === '/api/v1/admin/configs/history/') return { status: 200, body: HISTORY };
    if (path === '/api/v1/admin/configs/')
      return method === 'POST' ? change(undefined) : { status: 200, body: SETTINGS };
    return { status: 404, body: { detail: 'Not found.' } };
  };

describe('the configuration screen', () => {
  it('shows each setting with its value, its value at start when changed, who changed it, and the history', async () => {
    renderWithApi(
      <ConfigurationPage />,
      api(() => ({ status: 200, body: SETTINGS })),
    );
    const fee = await screen.findByTestId('setting-WITHDRAWAL_FEE_USDT');
    expect(within(fee).getByTestId('setting-WITHDRAWAL_FEE_USDT-value').textContent).toBe('2.5');
    expect(fee.textContent).toContain('USDT withdrawal fee');
    expect(fee.textContent).toContain('At start: 1');
    expect(fee.textContent).toContain('by admin@example.com');
    expect(screen.getByTestId('setting-MAINTENANCE_WINDOW').textContent).toContain('As started');
    expect(screen.getByTestId('settings-fixed').textContent).toContain('v1');
    const entry = await screen.findByTestId('setting-history-entry');
    expect(entry.textContent).toContain('1 → 2.5');
    expect(entry.textContent).toContain('Network fees went up');
  });

  it('sends the new value with the reason, and keeps a refusal in the dialog', async () => {
    const { requests } = renderWithApi(
      <ConfigurationPage />,
      api(() => ({ status: 400, body: { value: ['Enter a whole number from 0 to 100.'] } })),
    );
    const row = await screen.findByTestId('setting-BLACK_FRIDAY_DISCOUNT_PERCENT');
    fireEvent.click(within(row).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByTestId('setting-change');
    fireEvent.change(within(dialog).getByLabelText(/Black Friday discount/), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Bigger sale this year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the change' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        key: 'BLACK_FRIDAY_DISCOUNT_PERCENT',
        value: '150',
        reason: 'Bigger sale this year',
      }),
    );
    await waitFor(() => expect(dialog.textContent).toContain('Enter a whole number from 0 to 100.'));
  });
});
