import type { TProfile } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { nextSteps } from '../lib/next-steps';
import { NextSteps } from './NextSteps';

setUpScreens();

const profile = (usdt: string) => ({ referral_id: 'ABCD2345', balances: { usdt } }) as unknown as TProfile;
const tariff = { id: 2, name: '500', price: '500.00' };

const api =
  (hasTariff: boolean, firstLine: number) =>
  (path: string): TAnswer =>
    path.endsWith('/package/active/')
      ? {
          status: 200,
          body: { package: hasTariff ? tariff : null, status: hasTariff ? 'Active' : 'Inactive' },
        }
      : path.endsWith('/referral_structure_info/')
        ? { status: 200, body: { users_count: firstLine, users_count_first_line: firstLine } }
        : { status: 404, body: { detail: 'Not found.' } };

describe('the next steps of a new partner', () => {
  it('shows each step with its action until it is done: deposit, a tariff, the first invited partner', async () => {
    renderWithApi(<NextSteps profile={profile('0.000000')} />, api(false, 0), '/dashboard');
    const card = await screen.findByTestId('next-steps');
    expect(within(card).getByRole('heading').textContent).toBe('Your next steps');
    const deposit = within(card).getByTestId('next-deposit');
    expect(within(deposit).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/dashboard?deposit=',
    );
    expect(
      within(within(card).getByTestId('next-tariff')).getByRole('link', { name: 'See the tariffs' }),
    ).toBeTruthy();
    expect(
      within(within(card).getByTestId('next-invite')).getByRole('button', {
        name: 'Copy the invitation link',
      }),
    ).toBeTruthy();
  });

  it('marks what is done, and is gone once all is', async () => {
    const first = renderWithApi(<NextSteps profile={profile('20.000000')} />, api(false, 0));
    const deposit = await screen.findByTestId('next-deposit');
    expect(deposit.dataset.done).toBe('true');
    expect(deposit.textContent).toContain('Done');
    expect(within(deposit).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('next-tariff').dataset.done).toBeUndefined();
    first.unmount();

    renderWithApi(<NextSteps profile={profile('0.000000')} />, api(true, 1));
    // Nothing to say: the card does not render (the queries answered, so it would have by now).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('next-steps')).toBeNull();
  });

  it('counts a tariff bought with a deposit as the deposit done', () => {
    expect(
      nextSteps(profile('0.000000'), { package: tariff as never }, { users_count_first_line: 0 }),
    ).toEqual({ deposit: true, tariff: true, invite: false });
    expect(nextSteps(profile('0.000000'), undefined, { users_count_first_line: 0 })).toBeNull();
  });
});
