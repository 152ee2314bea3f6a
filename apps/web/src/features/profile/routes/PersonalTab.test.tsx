import { MESSAGES } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { aProfile } from '../../../testing/profile';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { PersonalTab } from './PersonalTab';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());

const profile = aProfile({
  mentor_id: 4,
  mentor: { first_name: 'Mira', last_name: 'Tester', username: 'mira', company: false },
  dft_next_unlock_at: '2026-12-24T10:00:00.000Z',
});

describe('the personal tab of the profile', () => {
  it('names the mentor, and says what the next DFT unlock date is', async () => {
    renderWithApi(<PersonalTab />, (path) =>
      path.endsWith('/accounts/info/') ? { status: 200, body: profile } : { status: 404, body: {} },
    );
    expect((await screen.findByTestId('profile-mentor')).textContent).toBe(
      'Your mentor: Mira Tester (@mira)',
    );
    expect(screen.getByTestId('profile-dft-unlock').textContent).toBe(
      `Next DFT unlock: ${formatDate('2026-12-24T10:00:00.000Z')}`,
    );
  });
});

describe('saving the personal fields', () => {
  afterEach(() => vi.restoreAllMocks());

  const saveWith = async (answer: { status: number; body: unknown }) => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    renderWithApi(<PersonalTab />, (path, method) =>
      method === 'PATCH'
        ? answer
        : path.endsWith('/accounts/info/')
          ? { status: 200, body: profile }
          : { status: 404, body: {} },
    );
    fireEvent.change(await screen.findByLabelText(/Phone number/), { target: { value: '+351912345679' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    return toast.mock.calls[0]![0];
  };

  it('says "Unable to save" when the server refuses a field, and marks the field', async () => {
    expect(await saveWith({ status: 400, body: { phone: [MESSAGES.phoneExists] } })).toEqual([
      'Unable to save',
    ]);
    expect(await screen.findByText(MESSAGES.phoneExists)).toBeTruthy();
  });

  it('says "Failed to save" and why when the server fails', async () => {
    expect(await saveWith({ status: 500, body: {} })).toEqual(['Failed to save', 'Server error']);
  });
});
