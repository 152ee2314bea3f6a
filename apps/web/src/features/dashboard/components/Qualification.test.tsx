import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { Qualification } from './Qualification';

setUpScreens();
afterAll(() => changeLanguage('en'));

describe('the qualification card', () => {
  it('names the ranks in the reader’s language, as the winter promo names its statuses', async () => {
    await changeLanguage('ru');
    renderWithApi(<Qualification />, () => ({
      status: 200,
      body: { rank: 'Silver', next_rank: 'Gold', weak_leg_volume: '30000.00', next_rank_volume: '100000.00' },
    }));
    expect((await screen.findByTestId('rank')).textContent).toBe('Ранг: Серебро');
    expect(screen.getByTestId('next-rank').textContent).toBe('Следующий ранг: Золото');
  });
});
