import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { base32Decode, hotp, timeStep } from '../apps/server/src/lib/totp';

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

/** No accessibility violations (axe, WCAG 2.1 A and AA) on what the page shows now. */
export async function expectAccessible(page: Page) {
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
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Logged out')).toBeVisible();
}

/** Signs in through the sign-in screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Email or username').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
