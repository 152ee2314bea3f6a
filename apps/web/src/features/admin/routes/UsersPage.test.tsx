import type { TAdminUser, TOperatorRole } from '@portal/contracts';
import { MESSAGES } from '@portal/contracts/plain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { aProfile } from '../../../testing/profile';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { UsersPage } from './UsersPage';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());
afterEach(() => vi.restoreAllMocks());

const PROFILE = '/api/v1/accounts/info/';
const USERS = '/api/v1/users/';

const aUser = (patch: Partial<TAdminUser> = {}): TAdminUser => ({
  id: 12,
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Lima',
  referral_id: 'ANA12345',
  mentor_id: null,
  mentor_name: null,
  is_superuser: false,
  roles: [],
  is_active: true,
  mfa_enabled: true,
  kyc_status: 'pending',
  date_joined: '2026-10-01T10:00:00.000Z',
  ...patch,
});

const page = (results: TAdminUser[]) => ({
  count: results.length,
  next: null,
  previous: null,
  current: 1,
  results,
});

/**
 * The users screen as an operator with `roles` sees it: the list answers `user()` (so that an action
 * can change what the next read says), and `answer` answers every other call.
 */
function renderUsers(
  roles: TOperatorRole[],
  user: () => TAdminUser,
  answer: (path: string, method: string) => TAnswer = () => ({ status: 404, body: {} }),
) {
  const view = renderWithApi(<UsersPage />, (path, method) => {
    if (path === PROFILE) return { status: 200, body: aProfile({ roles }) };
    if (path === USERS && method === 'GET') return { status: 200, body: page([user()]) };
    return answer(path, method);
  });
  const reads = () => view.requests.filter((request) => request.path === USERS).length;
  return { ...view, reads };
}

const row = async () => screen.findByTestId('user-12');
const dialog = () => screen.getByRole('dialog');

describe('the users screen', () => {
  it("shows each user's roles, KYC status and two-factor state", async () => {
    renderWithApi(<UsersPage />, (path) =>
      path === PROFILE
        ? { status: 200, body: aProfile({ roles: ['support'] }) }
        : {
            status: 200,
            body: page([
              aUser({ roles: ['finance'], kyc_status: 'verified' }),
              aUser({ id: 13, email: 'root@example.com', is_superuser: true, mfa_enabled: false }),
              aUser({ id: 14, email: 'pat@example.com', kyc_status: 'none', mfa_enabled: false }),
            ]),
          },
    );
    const finance = await row();
    expect(within(finance).getByTestId('user-roles').textContent).toBe('Finance');
    expect(within(finance).getByTestId('user-kyc').textContent).toBe('Verified');
    expect(within(finance).getByTestId('user-mfa').textContent).toBe('On');
    const root = screen.getByTestId('user-13');
    // A superuser has every role, whatever the list of given ones says.
    expect(within(root).getByTestId('user-roles').textContent).toBe('SupportFinanceAdmin');
    expect(within(root).getByTestId('user-mfa').textContent).toBe('Off');
    const partner = screen.getByTestId('user-14');
    expect(within(partner).getByTestId('user-roles').textContent).toBe('Partner');
    expect(within(partner).getByTestId('user-kyc').textContent).toBe('Not submitted');
    // Two-factor can be reset only where it is on.
    expect(within(partner).queryByTestId('reset-mfa')).toBeNull();
  });

  it('resets two-factor only with a reason, sends it to the user’s address, then reads the list again', async () => {
    let mfa = true;
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests, reads } = renderUsers(
      ['support'],
      () => aUser({ mfa_enabled: mfa }),
      (path, method) => {
        if (path === '/api/v1/admin/users/12/mfa/reset/' && method === 'POST') {
          mfa = false;
          return { status: 200, body: { mfa_enabled: false } };
        }
        return { status: 404, body: {} };
      },
    );
    fireEvent.click(within(await row()).getByTestId('reset-mfa'));
    expect(within(dialog()).getByRole('heading').textContent).toBe(
      'Reset the two-factor authentication of ana@example.com',
    );
    // What will happen is said before the click.
    expect(within(dialog()).getByRole('list').textContent).toContain(
      'The partner is mailed that it was turned off.',
    );
    expect(within(dialog()).getByRole('list').textContent).toContain('sign in with the password alone');

    fireEvent.click(screen.getByTestId('mfa-reset-submit'));
    expect(await within(dialog()).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('mfa-reset-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('mfa-reset-submit'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests.filter((request) => request.path.includes('/mfa/reset/'))).toEqual([]);

    const before = reads();
    fireEvent.change(screen.getByTestId('mfa-reset-reason'), { target: { value: 'Lost phone, ticket 81' } });
    fireEvent.click(screen.getByTestId('mfa-reset-submit'));
    await waitFor(() =>
      expect(requests.find((request) => request.path.includes('/mfa/reset/'))).toMatchObject({
        path: '/api/v1/admin/users/12/mfa/reset/',
        method: 'POST',
        body: { reason: 'Lost phone, ticket 81' },
      }),
    );
    await waitFor(() => expect(within(screen.getByTestId('user-12')).queryByTestId('reset-mfa')).toBeNull());
    expect(reads()).toBeGreaterThan(before);
    expect(within(screen.getByTestId('user-12')).getByTestId('user-mfa').textContent).toBe('Off');
    expect(success).toHaveBeenCalledWith('Two-factor authentication of ana@example.com is turned off.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('verifies a KYC with the reason and shows the new status', async () => {
    let kyc: TAdminUser['kyc_status'] = 'pending';
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests } = renderUsers(
      ['support'],
      () => aUser({ kyc_status: kyc }),
      (path, method) => {
        if (path === '/api/v1/admin/users/12/kyc/' && method === 'POST') {
          kyc = 'verified';
          return { status: 200, body: { kyc_status: 'verified' } };
        }
        return { status: 404, body: {} };
      },
    );
    expect(within(await row()).getByTestId('user-kyc').textContent).toBe('Pending review');
    fireEvent.click(within(await row()).getByTestId('kyc-verify'));
    expect(within(dialog()).getByRole('list').textContent).toBe("The partner's KYC status becomes Verified.");
    fireEvent.change(screen.getByTestId('kyc-reason'), { target: { value: 'Passport checked' } });
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() =>
      expect(within(screen.getByTestId('user-12')).getByTestId('user-kyc').textContent).toBe('Verified'),
    );
    expect(requests.find((request) => request.path.endsWith('/kyc/'))).toMatchObject({
      path: '/api/v1/admin/users/12/kyc/',
      method: 'POST',
      body: { status: 'verified', reason: 'Passport checked' },
    });
    expect(success).toHaveBeenCalledWith('KYC of ana@example.com: verified.');
    // Verified already: only rejecting is left.
    expect(within(screen.getByTestId('user-12')).queryByTestId('kyc-verify')).toBeNull();
  });

  it("keeps the server's refusal in the dialog", async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    renderUsers(
      ['support'],
      () => aUser(),
      () => ({ status: 403, body: { detail: 'You do not have permission to perform this action.' } }),
    );
    fireEvent.click(within(await row()).getByTestId('kyc-reject'));
    fireEvent.change(screen.getByTestId('kyc-reason'), { target: { value: 'Blurred photo' } });
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect((await screen.findByTestId('kyc-error')).textContent).toBe(
      'You do not have permission to perform this action.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
  });

  it('blocks with the reason in the body', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests } = renderUsers(
      ['support'],
      () => aUser(),
      (path) =>
        path.endsWith('/block/') ? { status: 200, body: { success: true } } : { status: 404, body: {} },
    );
    fireEvent.click(within(await row()).getByTestId('block-user'));
    fireEvent.change(screen.getByTestId('block-reason'), { target: { value: 'Fraud report 17' } });
    fireEvent.click(screen.getByTestId('block-submit'));
    await waitFor(() =>
      expect(requests.find((request) => request.path.endsWith('/block/'))).toMatchObject({
        path: '/api/v1/users/12/block/',
        body: { reason: 'Fraud report 17' },
      }),
    );
  });

  it('offers the roles only to an operator who may act as admin', async () => {
    const { calls } = renderUsers(['support', 'finance'], () => aUser());
    await row();
    await waitFor(() => expect(calls).toContain(PROFILE));
    // Once the profile has been read too, the row still has no roles button.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('block-user')).toBeTruthy();
    expect(screen.queryByTestId('edit-roles')).toBeNull();
  });

  it('lets an admin set the roles, with the reason', async () => {
    let roles: TOperatorRole[] = ['support'];
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { requests } = renderUsers(
      ['admin'],
      () => aUser({ roles }),
      (path, method) => {
        if (path === '/api/v1/admin/users/12/roles/' && method === 'PUT') {
          roles = (requests.at(-1)!.body as { roles: TOperatorRole[] }).roles;
          return { status: 200, body: { roles } };
        }
        return { status: 404, body: {} };
      },
    );
    fireEvent.click(within(await row()).getByTestId('edit-roles'));
    const support = within(dialog()).getByTestId<HTMLInputElement>('role-support');
    expect(support.checked).toBe(true);
    expect(within(dialog()).getByTestId<HTMLInputElement>('role-admin').checked).toBe(false);
    fireEvent.click(within(dialog()).getByTestId('role-finance'));
    fireEvent.click(support);
    fireEvent.click(screen.getByTestId('roles-submit'));
    expect(await within(dialog()).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(requests.some((request) => request.path.endsWith('/roles/'))).toBe(false);

    fireEvent.change(screen.getByTestId('roles-reason'), { target: { value: 'Moved to finance' } });
    fireEvent.click(screen.getByTestId('roles-submit'));
    await waitFor(() =>
      expect(within(screen.getByTestId('user-12')).getByTestId('user-roles').textContent).toBe('Finance'),
    );
    expect(requests.find((request) => request.path.endsWith('/roles/'))).toMatchObject({
      method: 'PUT',
      path: '/api/v1/admin/users/12/roles/',
      body: { roles: ['finance'], reason: 'Moved to finance' },
    });
    expect(success).toHaveBeenCalledWith('Roles of ana@example.com saved.');
  });
});
