import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { base32Decode, hotp, timeStep } from '../apps/server/src/lib/totp';
import { E2E } from './env';

/** A code of the authenticator app for `secret`, `offset` 30-second steps from now. */
export function totp(secret: string, offset = 0): string {
  return hotp(base32Decode(secret), timeStep(Date.now() / 1000) + offset);
}

let sequence = 0;
/** A partner's details, unique in this run. */
export function newPartner(firstName: string) {
  sequence += 1;
  const stamp = `${Date.now()}${sequence}`;
  return {
    first_name: firstName,
    last_name: 'Tester',
    email: `${firstName.toLowerCase()}.${stamp}@example.com`,
    phone: `+3519${stamp.slice(-8)}`,
    password: 'first-password-1',
    country: 'Portugal',
    country_code: 'PT',
  };
}

/** Registers a partner through the API (for the mentor whose link the test follows). */
export async function registerByApi(request: APIRequestContext, partner: ReturnType<typeof newPartner>) {
  const response = await request.post('/api/v1/accounts/register/', {
    data: { ...partner, password_confirm: partner.password },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { token: string; user: { id: number; referral_id: string } };
}

/** Registers a new partner through the API, under the mentor whose referral code is given; with the token. */
export async function registerPartner(request: APIRequestContext, firstName: string, promocode?: string) {
  const partner = newPartner(firstName);
  const response = await request.post('/api/v1/accounts/register/', {
    data: { ...partner, password_confirm: partner.password, ...(promocode ? { promocode } : {}) },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: number; referral_id: string } };
  return { ...partner, token: body.token, id: body.user.id, referralId: body.user.referral_id };
}

/** No accessibility violations (axe, WCAG 2.1 A and AA) on what the page shows now. */
export async function expectAccessible(page: Page) {
  // What the user sees once it settles: a modal fading in has blended, half-transparent colours.
  // Transitions only: a spinner's endless animation never finishes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.html.slice(0, 160)} -- ${node.failureSummary ?? ''}`),
  }));
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** The form field labelled `label` (a required field's label ends with an asterisk). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** A 400's message, shown in the form and in a toast (spec section 8). */
export async function expectFormAndToast(page: Page, message: string) {
  await expect(page.locator('form').getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: message })).toBeVisible();
}

/** Types a 6-digit code into a PIN input. */
export async function enterCode(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(code);
}

export async function logOut(page: Page) {
  // The toast of an earlier logout (2 s; a pointer over it holds it) must be gone, so the one
  // checked below is this logout's.
  const loggedOut = page.locator('.mantine-Notification-root').filter({ hasText: 'Logged out' });
  await page.mouse.move(0, 0);
  await expect(loggedOut).toHaveCount(0);
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(loggedOut).toBeVisible();
}

/** Signs in through the sign-in screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Email or username').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The phone the specs check layouts on. */
export const PHONE = { width: 390, height: 844 };

/** A bearer token for the API, by signing in. */
export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/accounts/login/', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The superuser's bearer token. */
export const adminToken = (request: APIRequestContext) =>
  apiToken(request, E2E.admin.email, E2E.admin.password);

/** Credits a partner's USDT balance through the admin adjustment call, as an operator would. */
export async function fund(request: APIRequestContext, userId: number, amount: string, reason = 'e2e') {
  const funded = await request.post('/api/v1/admin/ledger/adjustments/', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { user_id: userId, currency: 'USDT', amount, reason },
  });
  expect(funded.status()).toBe(201);
}

/**
 * A partner with a finance password and 100 USDT who asks to withdraw `amount` USDT on BEP-20 to
 * `address`: the partner (with its user id) and the withdrawal's id.
 */
export async function withdrawingPartner(
  request: APIRequestContext,
  name: string,
  amount: string,
  address: string,
) {
  const partner = newPartner(name);
  const { token, user } = await registerByApi(request, partner);
  const auth = { authorization: `Bearer ${token}` };
  const set = await request.patch('/api/v1/accounts/info/', {
    headers: auth,
    data: { finance_password: 'finance-pass-1', password: partner.password },
  });
  expect(set.status()).toBe(200);
  await fund(request, user.id, '100', `e2e ${name}`);
  const asked = await request.post('/api/v1/withdraw/request/', {
    headers: auth,
    data: { currency: 'USDT', network: 'BEP-20', address, amount, finance_password: 'finance-pass-1' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  return { partner: { ...partner, id: user.id }, withdrawalId: ((await asked.json()) as { id: number }).id };
}

/** Sends USDT to an address on the development chain; answers the transaction hash. */
export async function sendOnDevChain(request: APIRequestContext, to: string, amount: string) {
  const sent = await request.post('/api/v1/dev/chain/transfer/', { data: { to, currency: 'USDT', amount } });
  expect(sent.status()).toBe(200);
  return ((await sent.json()) as { hash: string }).hash;
}

/** Adds blocks to the development chain (the server's watcher job reads them within a poll interval). */
export async function mine(request: APIRequestContext, blocks: number) {
  expect((await request.post('/api/v1/dev/chain/mine/', { data: { blocks } })).status()).toBe(200);
}

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page) {
  // Polled: right after a resize the screen may still be re-laying out for its new width.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/**
 * Waits until the toasts have faded out: axe would read a fading toast's colours mid-animation.
 * The pointer moves off them first (a hovered toast stays).
 */
export async function toastsGone(page: Page) {
  await page.mouse.move(5, (page.viewportSize()?.height ?? PHONE.height) - 5);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

/** A spec's screenshots, under test-results/<folder>/: the whole page, or only the screen. */
export const screenshots =
  (folder: string) =>
  (page: Page, name: string, fullPage = true) =>
    page.screenshot({ path: `test-results/${folder}/${name}.png`, fullPage });

/** Buys a tariff by name through the tariff calls (request, then confirm), paid from the balance. */
export async function buyTariff(request: APIRequestContext, token: string, name: string) {
  const headers = { authorization: `Bearer ${token}` };
  const packages = await request.get('/api/v1/mlm/packages/', { headers });
  expect(packages.status()).toBe(200);
  const tariff = ((await packages.json()) as { id: number; name: string }[]).find(
    (item) => item.name === name,
  )!;
  const asked = await request.post('/api/v1/mlm/package/purchase/request/', {
    headers,
    data: { package_id: tariff.id, mentor_confirmed: true, terms_accepted: true },
  });
  expect(asked.status()).toBe(200);
  const { request_id } = (await asked.json()) as { request_id: string };
  const confirmed = await request.post('/api/v1/mlm/package/purchase/confirm/', {
    headers,
    data: { request_id },
  });
  expect(confirmed.status()).toBe(200);
}

/**
 * Mira with the 50 Promo tariff (cap 250), who invited Ivy and Jon (both in her left leg): Ivy buys
 * 3000 (invite 210, all credited), then Jon buys 1500 (invite 105: 40 fits, the cap takes 65,
 * which waits 7 days as lost profit).
 */
export async function cappedMentor(request: APIRequestContext) {
  const mentor = await registerPartner(request, 'Mira');
  const ivy = await registerPartner(request, 'Ivy', mentor.referralId);
  const jon = await registerPartner(request, 'Jon', mentor.referralId);
  await fund(request, mentor.id, '50');
  await fund(request, ivy.id, '3000');
  await fund(request, jon.id, '1500');
  await buyTariff(request, mentor.token, '50 Promo');
  await buyTariff(request, ivy.token, '3000');
  await buyTariff(request, jon.token, '1500');
  return { mentor, ivy, jon };
}

/** A new partner with `usdt` on the balance, signed in on a phone (at the dashboard). */
export async function fundedPartnerOnPhone(
  page: Page,
  request: APIRequestContext,
  firstName: string,
  usdt: string,
) {
  const partner = newPartner(firstName);
  const account = await registerByApi(request, partner);
  await fund(request, account.user.id, usdt, `e2e ${firstName}`);
  await page.setViewportSize(PHONE);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { partner, ...account };
}
