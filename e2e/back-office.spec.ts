import { expect, test } from '@playwright/test';
import { E2E } from './env';
import {
  enterCode,
  expectAccessible,
  expectNoSidewaysScroll,
  field,
  logOut,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  signIn,
  totp,
} from './support';

const screenshot = screenshots('back-office');

/** A small PNG (its signature, then bytes): the server checks a file's type by its first bytes. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(256, 9),
]);

test('a partner sends KYC and loses their phone; support verifies the KYC and resets two-factor (issue 22)', async ({
  browser,
  request,
}) => {
  // Two people on phones through a dozen screens, and a desktop view: more than one test's default.
  test.setTimeout(240_000);
  const partner = newPartner('Kira');
  const { user } = await registerByApi(request, partner);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();

  let codes: string[] = [];
  await test.step('on a phone: turn two-factor on, save the recovery codes, send KYC', async () => {
    await signIn(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile/security');
    await page.getByTestId('mfa-start').click();
    const secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    await enterCode(page, 'mfa-verify-code', totp(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    const panel = page.getByTestId('mfa-recovery-codes');
    await expect(panel).toBeVisible();
    codes = (await panel.locator('li').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await expect(page.getByTestId('mfa-status')).toHaveText('On');

    await expect(page.getByTestId('kyc-status')).toHaveText('Not submitted');
    await page
      .locator('input[type="file"]')
      .nth(0)
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByTestId('kyc-status')).toHaveText('Pending review');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'security-phone');
    await logOut(page);
  });

  await test.step('without the phone: sign in with a recovery code, once', async () => {
    await signIn(page, partner.email, partner.password);
    await expect(page.getByRole('heading', { name: 'Authentication code' })).toBeVisible();
    await page.getByTestId('mfa-recovery-toggle').click();
    await field(page, 'Recovery code').fill(codes[0]!);
    await expectAccessible(page);
    await screenshot(page, 'recovery-code-phone');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
    // The same code again is refused.
    await signIn(page, partner.email, partner.password);
    await page.getByTestId('mfa-recovery-toggle').click();
    await field(page, 'Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Invalid confirmation code.').first()).toBeVisible();
  });

  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await test.step('support, on a phone: verify the KYC and reset two-factor, each with a reason', async () => {
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    // The KYC queue: the partner's two files, shown to support only, then the decision.
    await admin.goto('/admin/kyc');
    const entry = admin.getByTestId(`kyc-entry-${user.id}`);
    await expect(entry).toContainText(partner.email);
    await entry.getByTestId('kyc-open').click();
    const review = admin.getByTestId('kyc-review');
    await expect(
      review.getByRole('img', { name: `Identity document of ${partner.first_name} ${partner.last_name}` }),
    ).toBeVisible();
    await expect(
      review.getByRole('img', { name: `Selfie of ${partner.first_name} ${partner.last_name}` }),
    ).toBeVisible();
    await expectAccessible(admin);
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'kyc-review-phone');
    await review.getByTestId('kyc-verify').click();
    await admin.getByTestId('kyc-reason').fill('Passport and selfie match');
    await admin.getByTestId('kyc-submit').click();
    await expect(admin.getByText(`KYC of ${partner.email}: verified.`)).toBeVisible();

    await admin.goto('/admin/users');
    await admin.getByLabel('Search').fill(partner.email);
    const row = admin.getByTestId(`user-${user.id}`);
    await expect(row).toContainText('Verified');

    await row.getByTestId('reset-mfa').click();
    await expect(admin.getByText('The partner is mailed that it was turned off.')).toBeVisible();
    // No reason, no reset.
    await admin.getByTestId('mfa-reset-submit').click();
    await expect(admin.getByTestId('mfa-reset')).toBeVisible();
    await admin
      .getByTestId('mfa-reset-reason')
      .fill('Ticket 4711: lost phone, identity checked by video call');
    await expectAccessible(admin);
    await screenshot(admin, 'mfa-reset-phone');
    await admin.getByTestId('mfa-reset-submit').click();
    await expect(
      admin.getByText(`Two-factor authentication of ${partner.email} is turned off.`),
    ).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'users-phone');

    // The partner's detail: who they are, their money and sessions, and a note for the next colleague.
    await row.getByTestId('user-detail').click();
    await expect(admin).toHaveURL(new RegExp(`/admin/users/${user.id}$`));
    await expect(
      admin.getByRole('heading', { name: `${partner.first_name} ${partner.last_name}` }),
    ).toBeVisible();
    await expect(admin.getByTestId('partner-identity')).toContainText(partner.email);
    await expect(admin.getByTestId('partner-flags')).toContainText('Verified');
    await expect(admin.getByTestId('partner-flags')).toContainText('Off');
    await expect(admin.getByTestId('partner-money')).toContainText('Debt');
    await expect(admin.getByTestId('partner-sponsors')).toBeVisible();
    await expect(admin.getByTestId('partner-sessions')).toContainText('Signed in');
    await admin
      .getByLabel('New note')
      .fill('Ticket 4711 closed: two-factor off, partner told to set it up again.');
    await admin.getByRole('button', { name: 'Add the note' }).click();
    await expect(admin.getByTestId('partner-note')).toContainText('Ticket 4711 closed');
    // A goodwill credit by finance (the superuser has every role), with its reason.
    await admin.getByTestId('adjust-balance').click();
    const adjust = admin.getByTestId('adjust');
    await adjust.getByLabel('Amount').fill('25');
    await adjust.getByLabel('Reason').fill('Ticket 4711: goodwill for the lost day');
    await adjust.getByRole('button', { name: 'Adjust a balance' }).click();
    await expect(admin.getByText(`The balance of ${partner.email} is adjusted.`)).toBeVisible();
    await expect(admin.getByTestId('partner-money')).toContainText('25.00');
    await expect(admin.getByTestId('partner-transactions')).toContainText('25.00 USDT');
    await expectAccessible(admin);
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'partner-phone');
    await admin.setViewportSize({ width: 1280, height: 900 });
    await screenshot(admin, 'partner-desktop');
    await admin.setViewportSize(PHONE);

    await admin.goto('/admin/audit');
    await expect(admin.getByText('Ticket 4711: lost phone, identity checked by video call')).toBeVisible();
    await expect(admin.getByText('Passport and selfie match')).toBeVisible();
    await expectAccessible(admin);
    await screenshot(admin, 'audit-phone');
  });

  await test.step('the partner signs in with the password alone, KYC verified', async () => {
    await signIn(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The portal asks to set two-factor up again, on every screen, until it is.
    const banner = page.getByTestId('mfa-setup-banner');
    await expect(banner).toContainText('Set up two-factor authentication again');
    await expectAccessible(page);
    await screenshot(page, 'mfa-setup-banner-phone');
    await banner.getByRole('link', { name: 'Set it up now' }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page.getByTestId('mfa-status')).toHaveText('Off');
    await expect(page.getByTestId('kyc-status')).toHaveText('Verified');
    await screenshot(page, 'security-after-phone');
  });
  await context.close();
  await adminContext.close();
});
