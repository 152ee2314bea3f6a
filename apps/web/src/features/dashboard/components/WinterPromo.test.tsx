import type { TWinterPromoStatus } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { WinterPromo } from './WinterPromo';

setUpScreens();

const level = (status: 'Silver' | 'Gold' | 'Platinum', personal: number, team: number) => ({
  status,
  personal_required: personal,
  team_required: team,
  team_counted: 7,
  largest_branch_max: Math.floor(team * 0.4),
  personal_missing: 3,
  team_missing: team - 7,
  reached: false,
  reward: 'ticket_refund' as const,
});

const status = (patch: Partial<TWinterPromoStatus>): TWinterPromoStatus => ({
  window: { start: '2026-07-02T00:00:00.000Z', end: '2026-11-02T00:00:00.000Z', active: false },
  finished: true,
  eligible: true,
  reason: null,
  min_tariff: '50.000000',
  personal_sales: 0,
  team_sales: 7,
  largest_branch_sales: 2,
  team_sales_counted: 7,
  status: null,
  reward: null,
  next_status: level('Silver', 3, 10),
  levels: [level('Silver', 3, 10), level('Gold', 5, 20), level('Platinum', 7, 30)],
  winter_gift: { count: 0, amount: '0.00000000' },
  ticket_bonus: { count: 0, amount: '0.000000' },
  ...patch,
});

/** The card once the status is read. */
async function cardLoaded() {
  await screen.findByTestId('winter-card-window');
  return screen.getByTestId('winter-promo');
}

describe('the winter promo card', () => {
  it('once the promo has ended, says so and gives the result, never what is still needed', async () => {
    renderWithApi(<WinterPromo />, () => ({ status: 200, body: status({}) }));
    const card = await cardLoaded();
    expect(within(card).getByTestId('winter-card-window').textContent).toBe('Ended on 02.11.2026 (UTC).');
    expect(card.textContent).toContain('Your result:');
    expect(within(card).getByTestId('winter-card-status').textContent).toBe('No status reached');
    expect(within(card).getByTestId('winter-card-final').textContent).toBe(
      'The promo is over: these are your final results.',
    );
    expect(within(card).queryByTestId('winter-card-next')).toBeNull();
    expect(card.textContent).not.toContain('more');

    fireEvent.click(within(card).getByTestId('winter-open'));
    const modal = await screen.findByTestId('winter-promo-modal');
    expect(within(modal).getByTestId('winter-state').textContent).toBe('Finished');
    expect(within(modal).getByTestId('winter-status').textContent).toBe('No status reached');
  });

  it('an ended promo gives the status reached and its reward', async () => {
    renderWithApi(<WinterPromo />, () => ({
      status: 200,
      body: status({ status: 'Gold', reward: 'dubai_trip', next_status: level('Platinum', 7, 30) }),
    }));
    const card = await cardLoaded();
    expect(within(card).getByTestId('winter-card-status').textContent).toBe('Gold');
    expect(within(card).getByTestId('winter-card-final').textContent).toBe(
      'Reward: a trip to Dubai (up to $1000)',
    );
    expect(within(card).queryByTestId('winter-card-next')).toBeNull();
  });

  it('read while running and past its end since: ended all the same', async () => {
    renderWithApi(<WinterPromo />, () => ({
      status: 200,
      body: status({
        finished: false,
        window: { start: '2026-07-02T00:00:00.000Z', end: '2000-01-01T00:00:00.000Z', active: true },
      }),
    }));
    const card = await cardLoaded();
    expect(within(card).queryByTestId('winter-card-next')).toBeNull();
    expect(within(card).getByTestId('winter-card-final')).toBeTruthy();
  });

  it('while it runs, says what the next status still needs', async () => {
    renderWithApi(<WinterPromo />, () => ({
      status: 200,
      body: status({
        finished: false,
        window: { start: '2000-01-01T00:00:00.000Z', end: '2999-01-01T00:00:00.000Z', active: true },
      }),
    }));
    const card = await cardLoaded();
    expect(within(card).getByTestId('winter-card-next').textContent).toBe(
      'To Silver: 3 more personal and 3 more team sales.',
    );
    expect(within(card).getByTestId('winter-card-status').textContent).toBe('No status yet');
  });
});
