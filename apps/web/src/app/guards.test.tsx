import type { TOperatorRole } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../lib/session';
import { aProfile } from '../testing/profile';
import { renderWithApi, setUpScreens } from '../testing/render';
import { adminRole, type TAdminPath } from './admin-areas';
import { RequireOperator } from './guards';
import { RequireRole } from './role-guard';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());

/** What a user with `roles` sees at `path`: the admin screen, or the dashboard it is sent to. */
async function visit(roles: TOperatorRole[], path: TAdminPath) {
  renderWithApi(
    <Routes>
      <Route element={<RequireOperator />}>
        <Route
          path={path}
          element={
            <RequireRole role={adminRole(path)}>
              <p>admin screen</p>
            </RequireRole>
          }
        />
      </Route>
      <Route path="/dashboard" element={<p>dashboard</p>} />
    </Routes>,
    () => ({ status: 200, body: aProfile({ roles }) }),
    path,
  );
  return (await screen.findByText(/^(admin screen|dashboard)$/)).textContent;
}

describe('the admin routes by operator role', () => {
  it('let a finance operator into the finance screens only', async () => {
    expect(await visit(['finance'], '/admin/withdrawals')).toBe('admin screen');
  });

  it.each<[TOperatorRole[], TAdminPath]>([
    [['finance'], '/admin/catalog'],
    [['finance'], '/admin/users'],
    [['support'], '/admin/audit'],
    [[], '/admin/users'],
  ])('send %j from %s to the dashboard', async (roles, path) => {
    expect(await visit(roles, path)).toBe('dashboard');
  });

  it('let an admin into every screen', async () => {
    expect(await visit(['admin'], '/admin/catalog')).toBe('admin screen');
  });
});
