import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthsUpTo } from '../lib/charts';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { StatisticsCharts } from './StatisticsCharts';

setUpScreens();

const thisMonth = monthsUpTo(new Date(), 1)[0]!;

const api =
  (answers: Record<string, unknown>) =>
  (path: string): TAnswer => {
    const found = Object.entries(answers).find(([end]) => path.endsWith(end));
    return found ? { status: 200, body: found[1] } : { status: 404, body: { detail: 'Not found.' } };
  };

const NEW_PARTNER = {
  '/income-by-month/': [],
  '/structure_list/': Array.from({ length: 10 }, (_, index) => ({ level: index + 1, count: 0 })),
  '/get_purchase_statistics_by_packages/': {
    binary_bonus: '0.000000',
    purchase_statistics: [
      { package: '500', left: 0, right: 0 },
      { package: '1500', left: 0, right: 0 },
    ],
  },
};

describe('the dashboard statistics', () => {
  it('name each series beside a swatch in its bar colour: the bonus types and the two legs', async () => {
    renderWithApi(
      <StatisticsCharts />,
      api({
        '/income-by-month/': [
          { month: thisMonth, bonus_type: 'invite', amount: '35.000000' },
          { month: thisMonth, bonus_type: 'binary', amount: '10.000000' },
          { month: thisMonth, bonus_type: 'matching', amount: '1.000000' },
        ],
        '/structure_list/': [{ level: 1, count: 2 }],
        '/get_purchase_statistics_by_packages/': {
          binary_bonus: '10.000000',
          purchase_statistics: [{ package: '500', left: 1, right: 1 }],
        },
      }),
    );
    const legendOf = async (id: string) => {
      const legend = await screen.findByTestId(`${id}-legend`);
      return within(legend)
        .getAllByRole('listitem')
        .map((item) => [
          item.textContent,
          within(item).getByTestId<HTMLElement>('legend-swatch').style.background,
        ]);
    };
    expect(await legendOf('chart-income')).toEqual([
      ['Invite bonus', 'var(--mantine-color-indigo-8)'],
      ['Binary bonus', 'var(--mantine-color-teal-8)'],
      ['Matching bonus', 'var(--mantine-color-orange-8)'],
    ]);
    expect(await legendOf('chart-packages')).toEqual([
      ['Left leg', 'var(--mantine-color-indigo-8)'],
      ['Right leg', 'var(--mantine-color-teal-8)'],
    ]);
    // One series (partners): its title names it, no legend.
    expect(screen.queryByTestId('chart-levels-legend')).toBeNull();
    expect(document.querySelectorAll('.recharts-responsive-container')).toHaveLength(3);
  });

  it('names the bonus type of the income even when it is the only one', async () => {
    renderWithApi(
      <StatisticsCharts />,
      api({
        ...NEW_PARTNER,
        '/income-by-month/': [{ month: thisMonth, bonus_type: 'invite', amount: '35.000000' }],
      }),
    );
    const legend = await screen.findByTestId('chart-income-legend');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Invite bonus']);
  });

  it('for a new partner, says in a line each that there is nothing yet, instead of drawing empty charts', async () => {
    renderWithApi(<StatisticsCharts />, api(NEW_PARTNER));
    expect((await screen.findByTestId('chart-income-empty')).textContent).toBe('No bonuses yet.');
    expect((await screen.findByTestId('chart-levels-empty')).textContent).toBe(
      'No partners in your team yet.',
    );
    expect((await screen.findByTestId('chart-packages-empty')).textContent).toBe(
      'No tariff sales in your legs yet.',
    );
    expect(document.querySelector('.recharts-responsive-container')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Table' })).toBeNull();
    expect(screen.queryByTestId('binary-bonus')).toBeNull();
  });
});
