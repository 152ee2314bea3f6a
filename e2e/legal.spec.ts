import { expect, test } from '@playwright/test';
import { LEGAL_DOCUMENTS } from '../packages/contracts/src/legal-documents';
import TUV from '../apps/web/src/locales/TUV.json' with { type: 'json' };
import {
  expectAccessible,
  expectNoSidewaysScroll,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
} from './support';

const shot = screenshots('legal');

test('legal documents: the sign-up terms link to them, a language without a document gets the English PDF, both footers list all seven', async ({
  page,
  request,
}) => {
  await test.step('sign-up shows the terms with their links and the footer, in English', async () => {
    await page.goto('/sign-up');
    const terms = page.getByTestId('accept-terms');
    await expect(terms).toBeVisible();
    const form = page.locator('form');
    const agreement = form.getByRole('link', { name: 'User Agreement' });
    await expect(agreement).toHaveAttribute('href', '/legal/en/user-agreement.pdf');
    await expect(agreement).toHaveAttribute('target', '_blank');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/legal/en/privacy-policy.pdf',
    );
    const footer = page.getByRole('navigation', { name: 'Legal documents' });
    await expect(footer.getByRole('link')).toHaveCount(LEGAL_DOCUMENTS.length);
    for (const document of LEGAL_DOCUMENTS) {
      await expect(footer.locator(`a[href="/legal/en/${document}.pdf"]`)).toBeVisible();
    }
    await expectAccessible(page);
    await shot(page, 'sign-up-desktop');
  });

  await test.step('signing up needs the terms accepted', async () => {
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(
      page.getByText('Accept the User Agreement and the Privacy Policy to sign up.'),
    ).toBeVisible();
  });

  await test.step('in Tuvan, the link opens the Tuvan user agreement', async () => {
    await page.getByTestId('language-select').selectOption('TUV');
    const link = page.getByTestId('legal-link-user-agreement');
    await expect(link).toHaveText(TUV.signUp.acceptTerms.match(/<agreement>(.*?)<\/agreement>/)![1]!);
    await expect(link).toHaveAttribute('href', '/legal/TUV/user-agreement.pdf');
    await shot(page, 'sign-up-tuvan', false);
    const answer = page
      .context()
      .waitForEvent('response', (response) => response.url().endsWith('/legal/TUV/user-agreement.pdf'));
    const popup = page.waitForEvent('popup');
    await link.click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const headers = await response.allHeaders();
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-language']).toBe('tyv');
    expect(headers['x-legal-fallback']).toBe('false');
    await (await popup).close();

    // The body, fetched the same way: a PDF of its own, not the English one (whose title is in
    // its metadata). Every document exists in all 7 languages (the fallback to English, for a
    // document a language lacks, is tested on the server: test/legal/legal.test.ts).
    const pdf = await request.get('/legal/TUV/user-agreement.pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.toString('latin1')).not.toContain('(User Agreement)');
    for (const document of ['privacy-policy', 'code-of-ethics', 'partnership-agreement']) {
      const own = await request.get(`/legal/TUV/${document}.pdf`);
      expect(own.headers()['content-language'], document).toBe('tyv');
      expect(own.headers()['x-legal-fallback'], document).toBe('false');
    }
    expect((await request.get('/legal/TUV/nothing.pdf')).status()).toBe(404);
    await page.getByTestId('language-select').selectOption('en');
  });

  await test.step('on a phone, the footer wraps and nothing scrolls sideways', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/sign-up');
    await expect(page.getByTestId('accept-terms')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Legal documents' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'sign-up-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the signed-in shell has the footer too', async () => {
    const partner = await registerPartner(request, 'Lena');
    await signIn(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('welcome')).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'Legal documents' });
    await expect(footer.getByRole('link')).toHaveCount(LEGAL_DOCUMENTS.length);
    await expect(footer.getByRole('link', { name: 'Code of Ethics' })).toHaveAttribute(
      'href',
      '/legal/en/code-of-ethics.pdf',
    );
    await shot(page, 'dashboard-desktop');
  });
});
