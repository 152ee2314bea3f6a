import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { buyTariff, fund, registerPartner, signIn } from './support';

const LOCALES = join(import.meta.dirname, '../apps/web/src/locales');
const read = (language: string) =>
  JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as Record<string, unknown>;

function leaves(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

/** Every key of the catalogue: none may ever reach the screen as it is. */
const KEYS = leaves(read('en')).map(([key]) => key);
const LANGUAGES = ['en', 'pt', 'BT', 'ru', 'es', 'it', 'TUV'];

/** The screens a partner reaches from the navigation, with their tabs. */
const SCREENS = [
  '/dashboard',
  '/shop/packages',
  '/shop/devices',
  '/shop/orders',
  '/shop/nodes',
  '/shop/token-packs',
  '/shop/tickets',
  '/shop/gift-certificates',
  '/shop/validator-keys',
  '/team',
  '/transactions',
  '/wiki',
  '/profile/personal',
  '/profile/security',
  '/profile/notifications',
  '/profile/api-keys',
  '/profile/promocodes',
  '/profile/services',
];

/** The screen's text once its data is in: no spinner left, the page's heading shown. */
async function screenText(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  return page.locator('body').innerText();
}

test('in every language, every screen of a partner with a tariff shows its texts, never a key', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const partner = await registerPartner(request, 'Lena');
  await fund(request, partner.id, '600', 'e2e languages');
  await buyTariff(request, partner.token, '500');
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const language of LANGUAGES) {
    await test.step(language, async () => {
      await page.getByTestId('language-select').selectOption(language);
      const texts = new Map(leaves(read(language)));
      // The language's texts arrive as a chunk of their own: wait until the screen shows them.
      await expect(page.getByRole('navigation', { name: texts.get('nav.main') })).toBeVisible();
      for (const path of SCREENS) {
        const text = await screenText(page, path);
        const shown = KEYS.filter((key) =>
          new RegExp(`(^|[^\\w.])${key.replace(/\./g, '\\.')}($|[^\\w.])`).test(text),
        );
        expect(shown, `${language} ${path}: keys on the screen`).toEqual([]);
        expect(text, `${language} ${path}: an unfilled placeholder`).not.toMatch(/\{\{|\}\}/);
        // The navigation is in the chosen language.
        expect(text, `${language} ${path}`).toContain(texts.get('nav.dashboard'));
      }
    });
  }
});
