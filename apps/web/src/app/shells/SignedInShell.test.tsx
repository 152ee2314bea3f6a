import type { TOperatorRole } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { aProfile } from '../../testing/profile';
import { renderWithApi, setUpScreens } from '../../testing/render';
import { SignedInShell } from './SignedInShell';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());

const PARTNER_AREAS = ['Dashboard', 'Shop', 'Team', 'Transactions', 'Wiki', 'Profile'];
const SUPPORT_AREAS = ['Users', 'KYC review', 'Fraud signals', 'Mail outbox', 'Device orders'];
const FINANCE_AREAS = [
  'Withdrawals',
  'Ledger health',
  'Bonus audit',
  'Reports',
  'Rejected chain logs',
  'Purchases',
];
const ADMIN_ONLY_AREAS = ['Catalogue', 'Configuration', 'Audit log'];

/** The navigation's links once the profile (with `roles`) is read; `last` is the last link to wait for. */
async function navigation(roles: TOperatorRole[], last: string) {
  renderWithApi(
    <SignedInShell />,
    (path) =>
      path === '/api/v1/accounts/info/'
        ? { status: 200, body: aProfile({ roles }) }
        : { status: 404, body: {} },
    '/dashboard',
  );
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  // The first render loads the shell's chunks: on a busy machine that takes more than a second.
  await within(nav).findByRole('link', { name: last }, { timeout: 5_000 });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the navigation by operator role', () => {
  it('shows a finance operator the finance areas, and neither the catalogue nor the support areas', async () => {
    const links = await navigation(['finance'], 'Purchases');
    expect(links).toEqual([...PARTNER_AREAS, ...FINANCE_AREAS]);
    for (const area of [...ADMIN_ONLY_AREAS, ...SUPPORT_AREAS]) expect(links).not.toContain(area);
  });

  it('shows support its own areas only', async () => {
    const links = await navigation(['support'], 'Device orders');
    expect(links).toEqual([...PARTNER_AREAS, ...SUPPORT_AREAS]);
  });

  it('shows an admin every area, the audit log among them', async () => {
    const links = await navigation(['admin'], 'Audit log');
    expect(links).toHaveLength(PARTNER_AREAS.length + 14);
    for (const area of [...SUPPORT_AREAS, ...FINANCE_AREAS, ...ADMIN_ONLY_AREAS])
      expect(links).toContain(area);
  });

  it('shows a partner no admin area', async () => {
    renderWithApi(
      <SignedInShell />,
      (path) =>
        path === '/api/v1/accounts/info/'
          ? { status: 200, body: aProfile({ roles: [] }) }
          : { status: 404, body: {} },
      '/dashboard',
    );
    // The header balances come with the profile: by then the navigation is complete.
    await screen.findByRole('region', { name: 'Balances' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(PARTNER_AREAS);
  });
});
