import { expect, test } from '@playwright/test';
import ru from '../apps/web/src/locales/ru.json' with { type: 'json' };
import { E2E } from './env';
import {
  enterCode,
  expectAccessible,
  expectFormAndToast,
  field,
  logOut,
  newPartner,
  registerByApi,
  signIn,
  totp,
} from './support';

test('a partner signs up through a mentor link, secures the account, changes language and recovers the password', async ({
  page,
  request,
  browser,
}) => {
  const mentor = newPartner('Mentor');
  const { user: mentorUser } = await registerByApi(request, mentor);
  const partner = newPartner('Paula');

  await test.step('sign up through the mentor link', async () => {
    await page.goto(`/sign-up/${mentorUser.referral_id}`);
    await expect(field(page, 'Referral or promo code')).toHaveValue(mentorUser.referral_id);
    await expect(page.getByTestId('mentor')).toContainText('Mentor Tester');
    await expectAccessible(page);
    await field(page, 'Name').fill(partner.first_name);
    await field(page, 'Surname').fill(partner.last_name);
    await field(page, 'Email').fill(partner.email);
    await field(page, 'Phone number').fill(partner.phone);
    await page.getByRole('combobox', { name: 'Country' }).fill('Portu');
    await page.getByRole('option', { name: 'Portugal' }).click();
    await field(page, 'Password').fill(partner.password);
    await field(page, 'Repeat the password').fill('not-the-same-1');
    await page.getByTestId('accept-terms').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Passwords does not match.')).toBeVisible();
    await field(page, 'Repeat the password').fill(partner.password);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('welcome')).toHaveText('Welcome, Paula!');
    await expect(page.getByTestId('referral-link')).toHaveValue(/\/sign-up\/[A-Z2-9]{8}$/);
    await expectAccessible(page);
  });

  await test.step('the mentor is the one of the link', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await request.post('/api/v1/accounts/info/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await profile.json()).mentor_id).toBe(mentorUser.id);
  });

  await test.step('log out and log in', async () => {
    await logOut(page);
    await expectAccessible(page);
    await field(page, 'Email or username').fill(partner.email);
    await field(page, 'Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectFormAndToast(page, 'Invalid username/password pair.');
    await field(page, 'Password').fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('change the language, and find it again at the next login', async () => {
    await page.getByTestId('language-select').selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru.dashboard.title);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    // Another device: English until the account's language comes back at sign-in.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await field(page, 'Email or username').fill(partner.email);
    await field(page, 'Password').fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru.dashboard.title);
    await expectAccessible(page);
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  });

  let secret = '';
  await test.step('turn on two-factor authentication from the QR secret', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/profile\/personal$/);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await page.getByTestId('mfa-start').click();
    secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
    await expectAccessible(page);
    await enterCode(page, 'mfa-verify-code', totp(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByTestId('mfa-status')).toHaveText('On');
  });

  await test.step('log in again with a code', async () => {
    await logOut(page);
    await field(page, 'Email or username').fill(partner.email);
    await field(page, 'Password').fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Authentication code' })).toBeVisible();
    await expectAccessible(page);
    // The current step was spent turning two-factor on; the app's next code is accepted too.
    await enterCode(page, 'mfa-code', totp(secret, 1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
  });

  await test.step('recover the password through the outbox mail', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/recover-password$/);
    await expectAccessible(page);
    await field(page, 'Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('There is no such email.')).toBeVisible();
    await field(page, 'Email').fill(partner.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('recover-sent')).toBeVisible();

    // The admin reads the mail in the outbox screen, as on the embedded default.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.getByRole('link', { name: 'Mail outbox' }).click();
    await field(admin, 'Recipient').fill(partner.email);
    const mail = admin.getByTestId('outbox-mail').first();
    await expect(mail).toContainText('password recovery');
    await mail.getByRole('button').first().click();
    await expectAccessible(admin);
    const link = await mail.getByRole('link').first().getAttribute('href');
    expect(link).toMatch(new RegExp(`^${E2E.baseUrl}/reset-password/[A-Za-z0-9_-]+$`));
    await adminContext.close();

    await page.goto(link!);
    await expectAccessible(page);
    await field(page, 'New password').fill('second-password-2');
    await field(page, 'Repeat the password').fill('second-password-2');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect(page.getByText('Password successfully reset')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await field(page, 'Email or username').fill(partner.email);
    await field(page, 'Password').fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectFormAndToast(page, 'Invalid username/password pair.');
    await field(page, 'Password').fill('second-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The new password is accepted: two-factor asks for the code next.
    await expect(page.getByRole('heading', { name: 'Authentication code' })).toBeVisible();
  });
});

test('routes follow the spec: unknown paths and / go to /login, signed-in areas need a session', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile/security');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/confirm-email?token=nope&email=nobody@example.com');
  await expect(page.getByTestId('email-not-confirmed')).toContainText('Email has not been changed.');
  await expectAccessible(page);
});
