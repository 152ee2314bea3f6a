import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  newPartner,
  PHONE,
  screenshots,
  signIn,
  toastsGone,
} from './support';

const DESKTOP = { width: 1280, height: 900 };
const screenshot = screenshots('team');

type TMember = ReturnType<typeof newPartner> & {
  token: string;
  id: number;
  referralId: string;
  name: string;
};

/** Registers a partner through the API, invited by `mentor` if given. */
async function register(request: APIRequestContext, firstName: string, mentor?: TMember): Promise<TMember> {
  const partner = newPartner(firstName);
  const response = await request.post('/api/v1/accounts/register/', {
    data: {
      ...partner,
      password_confirm: partner.password,
      ...(mentor ? { promocode: mentor.referralId } : {}),
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: number; referral_id: string } };
  return {
    ...partner,
    token: body.token,
    id: body.user.id,
    referralId: body.user.referral_id,
    name: `${partner.first_name} ${partner.last_name}`,
  };
}

/** The leg where `partner` places the partners they invite from now on. */
async function placeIn(request: APIRequestContext, partner: TMember, side: 'left' | 'right') {
  const response = await request.post('/api/v1/mlm/set-binary-structure-side/', {
    headers: { authorization: `Bearer ${partner.token}` },
    data: { side },
  });
  expect(response.status()).toBe(200);
}

/** A team call as `partner` makes it. */
async function call<T>(request: APIRequestContext, partner: TMember, path: string, data: object = {}) {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${partner.token}` },
    data,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** The top of the binary tree window shows `member` (the card that is not a button). */
async function expectTop(page: Page, member: TMember) {
  await expect(page.getByTestId('binary-top')).toHaveAttribute('data-id', String(member.id));
  await expect(page.getByTestId('binary-top')).toContainText(member.name);
}

/** The node button of `member` in the window. */
const nodeOf = (page: Page, member: TMember) =>
  page.getByRole('button', { name: new RegExp(`^${member.name}, ID ${member.id}:`) });

test('a partner walks the binary tree three levels down and back, opens the classic and referral trees, finds a downline member, opens a team level, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  // Rita's team, the binary tree it makes (each sign-up goes to the bottom of the mentor's leg):
  //   Rita: left Alma, right Boris (Rita switched to her right leg for Boris)
  //   Alma: left Cora, right Dana;  Boris: left Fay;  Cora: left Egon;  Egon: left Gus
  const rita = await register(request, 'Rita');
  const alma = await register(request, 'Alma', rita);
  await placeIn(request, rita, 'right');
  const boris = await register(request, 'Boris', rita);
  const cora = await register(request, 'Cora', alma);
  await placeIn(request, alma, 'right');
  const dana = await register(request, 'Dana', alma);
  const fay = await register(request, 'Fay', boris);
  const egon = await register(request, 'Egon', cora);
  const gus = await register(request, 'Gus', egon);

  // The counters are kept by a background worker: wait until they hold the whole team, as the
  // partner would see it after a moment.
  await expect
    .poll(async () => {
      const me = await call<{ left: { count: number }; right: { count: number } }>(
        request,
        rita,
        '/api/v1/mlm/get-binary-object/',
      );
      const levels = await call<{ level: number; count: number }[]>(
        request,
        rita,
        '/api/v1/mlm/structure_list/',
      );
      return [me.left.count, me.right.count, ...levels.slice(0, 5).map((level) => level.count)];
    })
    .toEqual([5, 2, 2, 3, 1, 1, 0]);

  await page.setViewportSize(DESKTOP);
  await signIn(page, rita.email, rita.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('Binary tree: three levels with the leg volumes and counts, empty places shown', async () => {
    await page.goto('/team');
    await expect(page).toHaveURL(/\/team\/binary$/);
    await expectTop(page, rita);
    await expect(page.getByTestId('binary-top').getByTestId('node-left')).toContainText('Partners: 5');
    await expect(page.getByTestId('binary-top').getByTestId('node-right')).toContainText('Partners: 2');
    for (const member of [alma, boris, cora, dana, fay]) await expect(nodeOf(page, member)).toBeVisible();
    // Boris has nobody on his right: one empty place in the third level.
    await expect(page.getByTestId('binary-empty')).toHaveCount(1);
    await expect(nodeOf(page, egon)).toHaveCount(0);
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'binary-desktop');
  });

  await test.step('Binary tree: three levels down by the nodes, and back up', async () => {
    await nodeOf(page, alma).click();
    await expectTop(page, alma);
    await nodeOf(page, cora).click();
    await expectTop(page, cora);
    await nodeOf(page, egon).click();
    await expectTop(page, egon);
    await expect(nodeOf(page, gus)).toBeVisible();
    const trail = page.getByTestId('binary-trail');
    for (const member of [alma, cora, egon]) await expect(trail).toContainText(member.name);
    await page.getByRole('button', { name: 'Up', exact: true }).click();
    await expectTop(page, cora);
    // The browser's Back returns to where the partner came from, too.
    await page.goBack();
    await expectTop(page, egon);
    await trail.getByRole('button', { name: alma.name }).click();
    await expectTop(page, alma);
    await page.getByRole('button', { name: 'To me', exact: true }).click();
    await expectTop(page, rita);
    await expect(page.getByRole('button', { name: 'Up', exact: true })).toBeDisabled();
  });

  await test.step('Binary tree: the bottom of either leg', async () => {
    await page.getByRole('button', { name: 'Bottom of the left leg' }).click();
    await expectTop(page, gus);
    await page.getByRole('button', { name: 'To me', exact: true }).click();
    await page.getByRole('button', { name: 'Bottom of the right leg' }).click();
    await expectTop(page, boris);
  });

  await test.step('Classic tree: opened partner by partner', async () => {
    await page.getByRole('tab', { name: 'Classic tree' }).click();
    const rows = page.getByTestId('classic-row');
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: `Show the partners under ${alma.name}` }).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(2)).toContainText(cora.name);
    await expect(rows.nth(2)).toHaveAttribute('data-depth', '2');
    await page.getByRole('button', { name: `Show the partners under ${cora.name}` }).click();
    await expect(rows.filter({ hasText: egon.name })).toHaveAttribute('data-depth', '3');
    await expectAccessible(page);
    await screenshot(page, 'classic-desktop');
  });

  await test.step('Referral tree: who invited whom, opened lazily', async () => {
    await page.getByRole('tab', { name: 'Referral tree' }).click();
    const rows = page.getByTestId('referral-row');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: `Show the partners under ${alma.name}` }).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: dana.name })).toHaveAttribute('data-depth', '1');
    await expectAccessible(page);
  });

  await test.step('First line: the two Rita invited, one per leg', async () => {
    await page.getByRole('tab', { name: 'First line' }).click();
    await expect(page.getByTestId('team-member')).toHaveCount(2);
    await page.getByText('Right leg').click();
    await expect(page.getByTestId('team-member')).toHaveCount(1);
    await expect(page.getByTestId('team-member')).toContainText(boris.name);
    await expectAccessible(page);
  });

  await test.step('Registrations: the whole downline, newest first', async () => {
    await page.getByRole('tab', { name: 'Registrations' }).click();
    await expect(page.getByTestId('team-member')).toHaveCount(7);
    await expect(page.getByTestId('team-member').first()).toContainText(gus.name);
  });

  await test.step('Search: a member of the downline found by name opens in the binary tree', async () => {
    await page.getByRole('tab', { name: 'Search' }).click();
    const box = page.getByRole('searchbox', { name: 'Name, email or ID' });
    await box.fill('Eg');
    await expect(page.getByText('Type at least 3 characters, or an ID.')).toBeVisible();
    await box.fill(egon.first_name);
    const results = page.getByTestId('search-results').getByTestId('team-member');
    await expect(results).toHaveCount(1);
    await expect(results).toContainText(egon.email);
    await expectAccessible(page);
    await results.getByRole('button', { name: `Show ${egon.name} in the binary tree` }).click();
    await expect(page).toHaveURL(/\/team\/binary\?trail=/);
    await expectTop(page, egon);
  });

  await test.step('Team levels: counts per level, a level lists its members', async () => {
    await page.getByRole('tab', { name: 'Team levels' }).click();
    await expect(page.getByTestId('team-level-1')).toContainText('Partners: 2');
    await expect(page.getByTestId('team-level-2')).toContainText('Partners: 3');
    await page.getByTestId('team-level-2').click();
    const members = page.getByTestId('level-members').getByTestId('team-member');
    await expect(members).toHaveCount(3);
    for (const member of [cora, dana, fay])
      await expect(members.filter({ hasText: member.name })).toHaveCount(1);
    await expectAccessible(page);
    await screenshot(page, 'levels-desktop');
  });

  await test.step('Phone: the tree window stays readable, nothing scrolls sideways', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/team/binary');
    await expectTop(page, rita);
    await expect(nodeOf(page, alma)).toBeVisible();
    await expect(nodeOf(page, boris)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'binary-phone');
    await nodeOf(page, alma).click();
    await expectTop(page, alma);
    await nodeOf(page, cora).click();
    await expectTop(page, cora);
    await nodeOf(page, egon).click();
    await expectTop(page, egon);
    await page.getByRole('button', { name: 'To me', exact: true }).click();
    await expectTop(page, rita);

    await page.getByRole('tab', { name: 'Team levels' }).click();
    await page.getByTestId('team-level-1').click();
    await expect(page.getByTestId('level-members').getByTestId('team-member')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'levels-phone');

    await page.getByRole('tab', { name: 'Classic tree' }).click();
    await expect(page.getByTestId('classic-row')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'classic-phone');
  });
});
