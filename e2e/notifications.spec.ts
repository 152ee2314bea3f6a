import { expect, test } from '@playwright/test';
import { E2E } from './env';
import {
  adminToken,
  expectAccessible,
  expectNoSidewaysScroll,
  mine,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  sendOnDevChain,
  signIn,
} from './support';

const screenshot = screenshots('notifications');

test('on a phone, a partner connects the bot, is told of a deposit in the chat, and disconnects it', async ({
  page,
  browser,
  request,
}) => {
  const partner = newPartner('Nia');
  const { token } = await registerByApi(request, partner);
  // A chat of this run: Telegram's chat ids are numbers.
  const chatId = 700_000_000 + (Date.now() % 100_000_000);

  await page.setViewportSize(PHONE);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  await expect(page.getByTestId('bot-status')).toHaveText('Not connected');
  await expect(page.getByRole('switch', { name: 'Deposits: Email' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Bonuses: Email' })).not.toBeChecked();
  await expectAccessible(page);

  let code = '';
  await test.step('connect: a code and the t.me link; the code sent to the bot links the chat', async () => {
    await page.getByTestId('bot-connect').click();
    code = (await page.getByTestId('bot-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    await expect(
      page.getByRole('link', { name: `https://t.me/partner_portal_bot?start=${code}` }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'bot-code-phone');

    // Telegram's update, as the development bot takes it (docs/decisions.md "Notifications").
    const sent = await request.post('/api/v1/dev/chatbot/message/', {
      data: { chat_id: chatId, text: `/start ${code}` },
    });
    expect(sent.status()).toBe(200);
    await expect(page.getByTestId('bot-status')).toHaveText('Connected');
    await expect(page.getByTestId('bot-disconnect')).toBeVisible();
    await screenshot(page, 'bot-connected-phone');
  });

  await test.step('a deposit on the development chain: its notice reaches the chat (the admin bot outbox)', async () => {
    const invoice = await request.post('/api/v1/payments/get_or_create_invoice/', {
      headers: { authorization: `Bearer ${token}` },
      data: { purpose: 'deposit', currency: 'USDT', amount: '12.5' },
    });
    const { address } = (await invoice.json()) as { address: string };
    await sendOnDevChain(request, address, '12.5');
    await mine(request, 3);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.getByRole('link', { name: 'Mail outbox' }).click();
    await admin.getByRole('tab', { name: 'Telegram' }).click();
    const messages = admin.getByTestId('outbox-bot-message').filter({ hasText: `Chat ${chatId} ` });
    await expect(messages.filter({ hasText: 'This chat is connected to Partner Portal' })).toHaveCount(1);
    // The watcher credits within its poll interval and the notice job sends within its own.
    await expect(async () => {
      await admin.reload();
      await admin.getByRole('tab', { name: 'Telegram' }).click();
      await expect(messages.filter({ hasText: 'Deposit credited: 12.50 USDT.' })).toHaveCount(1, {
        timeout: 1000,
      });
    }).toPass({ timeout: 60_000 });
    await expectAccessible(admin);
    await adminContext.close();
  });

  await test.step('disconnect: the bot says goodbye and the status goes back', async () => {
    await page.getByTestId('bot-disconnect').click();
    await expect(page.getByTestId('bot-status')).toHaveText('Not connected');
    await expect(page.getByTestId('bot-connect')).toBeVisible();
    const outbox = await request.get('/api/v1/admin/bot/outbox/', {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
    });
    const { results } = (await outbox.json()) as { results: { chat_id: number; text: string }[] };
    expect(results.find((message) => message.chat_id === chatId)?.text).toBe(
      'This chat is disconnected from Partner Portal: no more notices will come here.',
    );
  });

  await test.step('a switch saves at once', async () => {
    // The switch's input is covered by its track, which takes the click as a pointer would.
    await page.getByRole('switch', { name: 'Bonuses: Email' }).locator('xpath=ancestor::label[1]').click();
    await expect(page.getByRole('switch', { name: 'Bonuses: Email' })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Bonuses: Email' })).toBeChecked();
    await screenshot(page, 'notifications-phone');
  });
});
