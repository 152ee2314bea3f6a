import type { TReportAnswers } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { ReportsPage } from './ReportsPage';

setUpScreens();

const SALES: TReportAnswers['sales'] = {
  rows: [
    {
      period: '2026-11-02',
      product_id: 3,
      product: '500',
      kind: 'tariff',
      purchases: 2,
      units: 2,
      amount: '1000.000000',
      bv: '1000.000000',
      refunded: 0,
    },
    {
      period: '2026-11-09',
      product_id: 9,
      product: 'Virtual node',
      kind: 'virtual_node',
      purchases: 1,
      units: 3,
      amount: '300.000000',
      bv: '300.000000',
      refunded: 1,
    },
  ],
  total: { purchases: 3, amount: '1300.000000', bv: '1300.000000' },
};

const DEBTS: TReportAnswers['debts'] = {
  rows: [
    {
      user_id: 12,
      email: 'mia@example.com',
      name: 'Mia Lane',
      debts: 1,
      amount: '50.000000',
      repaid: '0.000000',
      open: '50.000000',
      since: '2026-11-20T09:30:00.000Z',
    },
  ],
  total: { partners: 1, amount: '50.000000', repaid: '0.000000', open: '50.000000' },
};

const answers =
  (bodies: Record<string, unknown>) =>
  (path: string): TAnswer => {
    const kind = /\/reports\/([a-z-]+)\/$/.exec(path)?.[1];
    return kind && kind in bodies
      ? { status: 200, body: bodies[kind] }
      : { status: 404, body: { detail: 'Not found.' } };
  };

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

describe('the reports screen', () => {
  it('asks for the report and the days the address names, and shows its table with the total', async () => {
    const { requests } = renderWithApi(
      <ReportsPage />,
      answers({ sales: SALES }),
      '/admin/reports?report=sales&from=2026-11-01&to=2026-11-30&group=week',
    );
    const table = await screen.findByTestId('report-sales');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual([
      'Week of 02.11.2026',
      'Tariff 500',
      '2',
      '2',
      '1 000.00 USDT',
      '1 000.00',
      '0',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'Week of 09.11.2026',
      'Virtual node',
      '1',
      '3',
      '300.00 USDT',
      '300.00',
      '1',
    ]);
    expect(cells(screen.getByTestId('report-sales-total'))).toEqual([
      'Total',
      '',
      '3',
      '',
      '1 300.00 USDT',
      '1 300.00',
      '',
    ]);
    expect(requests.find((request) => request.path === '/api/v1/admin/reports/sales/')?.query).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      group: 'week',
    });
    // The chart names each product kind beside its colour.
    expect(
      within(screen.getByTestId('report-sales-chart-legend'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tariff', 'Virtual node']);
  });

  it('opens another report from its tab, with a link to each partner it lists', async () => {
    const { requests } = renderWithApi(
      <ReportsPage />,
      answers({ sales: SALES, debts: DEBTS }),
      '/admin/reports?from=2026-11-01&to=2026-11-30',
    );
    await screen.findByTestId('report-sales');
    fireEvent.click(screen.getByRole('tab', { name: 'Debts' }));
    const table = await screen.findByTestId('report-debts');
    expect(within(table).getByRole('link', { name: 'Mia Lane' }).getAttribute('href')).toBe(
      '/admin/users/12',
    );
    expect(screen.getByTestId('report-debts-summary').textContent).toBe(
      'Partners who owe: 1, open: 50.00 USDT',
    );
    expect(requests.map((request) => request.path)).toContain('/api/v1/admin/reports/debts/');
  });

  it('says so when a report has nothing', async () => {
    renderWithApi(
      <ReportsPage />,
      answers({ sales: { rows: [], total: { purchases: 0, amount: '0.000000', bv: '0.000000' } } }),
      '/admin/reports?report=sales&from=2026-11-01&to=2026-11-30',
    );
    expect((await screen.findByTestId('report-sales-empty')).textContent).toContain('Nothing in these days.');
  });

  it('shows the reason a report is refused', async () => {
    renderWithApi(
      <ReportsPage />,
      () => ({
        status: 400,
        body: { group: ['A report by day spans at most 366 days: choose weeks or months.'] },
      }),
      '/admin/reports?report=bonuses&from=2025-01-01&to=2026-11-30',
    );
    expect((await screen.findByTestId('report-error')).textContent).toContain(
      'A report by day spans at most 366 days',
    );
  });
});
