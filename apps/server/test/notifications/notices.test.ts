import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BotChatGone, createTelegramBot } from '../../src/adapters/bot';
import { loadConfig } from '../../src/config';
import { queryRows } from '../../src/db/client';
import { mailOutbox, notices } from '../../src/schema';
import { deliverNotices, NOTICE_ATTEMPTS } from '../../src/modules/notifications/delivery';
import { renderNotice } from '../../src/modules/notifications/render';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { depositInvoice, depositsApp, devTransfer, mineAndWatch } from '../helpers/chain';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { countRows } from '../helpers/rows';
import { SHIPPING } from '../helpers/shop';
import { buyTariff } from '../helpers/tariffs';
import { botMessages, deliver, linkChat, noticesOf, PREFERENCES } from './helpers';

const FINANCE = 'finance-pass-1';

async function mailsTo(app: TTestApp, to: string) {
  return queryRows<{ subject: string; text: string }>(
    app.database.db,
    sql`select subject, text from mail_outbox where "to" = ${to} order by id`,
  );
}

async function withFinancePassword(app: TTestApp, partner: TPartner) {
  const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
    token: partner.token,
    body: { finance_password: FINANCE, password: partner.password },
  });
  expect(set.status).toBe(200);
}

describe('notices of deposits', () => {
  it('queues one notice per chosen channel when the deposit is credited, delivered in the partner language', async () => {
    const { app } = await depositsApp({ confirmations: 2 });
    const partner = await registerPartner(app, { language: 'es' });
    await linkChat(app, partner, 777001);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '25.5');
    await devTransfer(app, invoice.address, 'USDT', '25.5');
    await mineAndWatch(app, 1);
    // Seen, not credited yet: nothing to tell.
    expect(await noticesOf(app, partner.id)).toEqual([]);
    await mineAndWatch(app, 2);
    await mineAndWatch(app, 1);
    expect(await noticesOf(app, partner.id)).toEqual([
      {
        channel: 'mail',
        kind: 'deposits',
        status: 'pending',
        payload: expect.objectContaining({ amount: '25500000' }),
      },
      {
        channel: 'bot',
        kind: 'deposits',
        status: 'pending',
        payload: expect.objectContaining({ currency: 'USDT' }),
      },
    ]);

    expect(await deliver(app)).toBe(2);
    expect(await deliver(app)).toBe(0);
    expect((await botMessages(app, 777001)).at(-1)).toBe('Depósito acreditado: 25.50 USDT.');
    const mails = await mailsTo(app, partner.email);
    expect(mails).toEqual([
      {
        subject: 'Partner Portal: Depósito acreditado: 25.50 USDT.',
        text: 'Hola, Pat:\nDepósito acreditado: 25.50 USDT.\nDetalles en el portal: http://portal.test',
      },
    ]);
    expect((await noticesOf(app, partner.id)).map((notice) => notice.status)).toEqual(['sent', 'sent']);
  });

  it('queues none when the partner switched deposits off on both channels', async () => {
    const { app } = await depositsApp({ confirmations: 1 });
    const partner = await registerPartner(app);
    await linkChat(app, partner, 777002);
    const off = await call(app, 'PATCH', PREFERENCES, {
      token: partner.token,
      body: { mail: { deposits: false }, bot: { deposits: false } },
    });
    expect(off.status).toBe(200);
    const invoice = await depositInvoice(app, partner.token, 'DXN', '3');
    await devTransfer(app, invoice.address, 'DXN', '3');
    await mineAndWatch(app, 2);
    await mineAndWatch(app, 1);
    expect(await noticesOf(app, partner.id)).toEqual([]);
  });
});

describe('notices of withdrawals', () => {
  it('tells each status by mail (the bot is not linked): requested, then rejected', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { language: 'ru' });
    await withFinancePassword(app, partner);
    await adjust(app, partner.id, 'USDT', '100');
    const requested = await post(
      app,
      '/api/v1/withdraw/request/',
      {
        currency: 'USDT',
        network: 'BEP-20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        amount: '20',
        finance_password: FINANCE,
      },
      partner.token,
    );
    expect(requested.status, JSON.stringify(requested.body)).toBeLessThan(300);
    const admin = await loginAdmin(app);
    const listed = await call(app, 'GET', '/api/v1/admin/withdrawals/?status=pending', { token: admin });
    const id = listed.body.results[0].id as number;
    const rejected = await post(app, `/api/v1/admin/withdrawals/${id}/reject/`, { reason: 'test' }, admin);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    const queued = await noticesOf(app, partner.id);
    expect(queued.map((notice) => [notice.channel, notice.kind, notice.payload.status])).toEqual([
      ['mail', 'withdrawals', 'pending'],
      ['mail', 'withdrawals', 'rejected'],
    ]);
    await deliver(app);
    expect((await mailsTo(app, partner.email)).map((mail) => mail.text.split('\n')[1])).toEqual([
      expect.stringMatching(/^Заявка на вывод \d+(\.\d+)? USDT принята/),
      expect.stringMatching(/^Вывод \d+(\.\d+)? USDT отклонён/),
    ]);
  });
});

describe('notices of orders and bonuses', () => {
  it('queues bonus notices by the payee switches: mail when switched on, the bot only when linked and not switched off', async () => {
    const app = await testApp();
    const mailOn = await registerPartner(app);
    const botOff = await registerPartner(app);
    const silent = await registerPartner(app);
    for (const mentor of [mailOn, botOff, silent]) {
      await adjust(app, mentor.id, 'USDT', '1000');
      await buyTariff(app, mentor, 'tariff-500');
    }
    const switched = await call(app, 'PATCH', PREFERENCES, {
      token: mailOn.token,
      body: { mail: { bonuses: true } },
    });
    expect(switched.status).toBe(200);
    await linkChat(app, botOff, 777004);
    const off = await call(app, 'PATCH', PREFERENCES, {
      token: botOff.token,
      body: { bot: { bonuses: false } },
    });
    expect(off.status).toBe(200);
    for (const mentor of [mailOn, botOff, silent]) {
      const buyer = await registerPartner(app, { promocode: mentor.referralId });
      await adjust(app, buyer.id, 'USDT', '1000');
      await buyTariff(app, buyer, 'tariff-500');
    }
    const bonusNotices = async (partner: TPartner) =>
      (await noticesOf(app, partner.id)).filter((notice) => notice.kind === 'bonuses');
    const mailed = await bonusNotices(mailOn);
    expect(
      mailed.map((notice) => [notice.channel, notice.payload.bonus_type, notice.payload.amount]),
    ).toEqual([['mail', 'invite', '35000000']]);
    expect(await bonusNotices(botOff)).toEqual([]);
    expect(await bonusNotices(silent)).toEqual([]);
  });

  it('tells the buyer each order status and the linked mentor each bonus (bonuses are off on mail)', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app, { language: 'it' });
    await adjust(app, mentor.id, 'USDT', '1000');
    await buyTariff(app, mentor, 'tariff-500');
    await linkChat(app, mentor, 777003);
    // Bonuses from before the chat was linked went nowhere (bonuses are off on mail by default).
    const [linkedAt] = await queryRows<{ id: number }>(
      app.database.db,
      // Statement lines and payouts share their ids' sequence (migration 0030).
      sql`select greatest((select coalesce(max(id), 0) from wallet_operations),
                          (select coalesce(max(id), 0) from payouts))::int as id`,
    );
    const buyer = await registerPartner(app, { promocode: mentor.referralId, language: 'BT' });
    await adjust(app, buyer.id, 'USDT', '3000');
    await buyTariff(app, buyer, 'tariff-500');
    const [device] = await queryRows<{ id: number }>(
      app.database.db,
      sql`select id from products where code = 'device'`,
    );
    const created = await post(
      app,
      '/api/v1/products/create_order/',
      { product_id: Number(device!.id), shipping: SHIPPING, quantity: 1, pay_from_balance: true },
      buyer.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const admin = await loginAdmin(app);
    const moved = await post(
      app,
      `/api/v1/admin/orders/${created.body.id}/status/`,
      { status: 'PROCESSED' },
      admin,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const buyerNotices = (await noticesOf(app, buyer.id)).filter((notice) => notice.kind !== 'bonuses');
    expect(buyerNotices.map((notice) => [notice.channel, notice.kind, notice.payload.status])).toEqual([
      ['mail', 'orders', 'PAID'],
      ['mail', 'orders', 'PROCESSED'],
    ]);
    const bonusLines = await queryRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from payouts
          where payee_id = ${mentor.id} and listed and amount > 0 and id > ${linkedAt!.id}`,
    );
    const mentorNotices = await noticesOf(app, mentor.id);
    expect(bonusLines[0]!.n).toBeGreaterThan(0);
    expect(mentorNotices).toHaveLength(bonusLines[0]!.n);
    expect(mentorNotices.every((notice) => notice.channel === 'bot' && notice.kind === 'bonuses')).toBe(true);

    await deliver(app);
    const number = created.body.number as string;
    expect((await mailsTo(app, buyer.email)).map((mail) => mail.text.split('\n')[1])).toEqual([
      `Pedido ${number}: pago.`,
      `Pedido ${number}: em processamento.`,
    ]);
    expect(await botMessages(app, 777003)).toEqual([
      expect.stringContaining('collegata'),
      ...mentorNotices.map(() => expect.stringMatching(/^Bonus accreditato: \d+\.\d{2,} USDT\.$/)),
    ]);
  });
});

describe('rendering', () => {
  it('formats amounts exactly and falls back to English', () => {
    expect(renderNotice('bonuses', { amount: '1', currency: 'USDT' }, 'en')).toBe(
      'Bonus credited: 0.000001 USDT.',
    );
    expect(renderNotice('deposits', { amount: '123456789012', currency: 'DXN' }, 'xx')).toBe(
      'Deposit credited: 1234.56789012 DXN.',
    );
    expect(renderNotice('withdrawals', { amount: '20000000', currency: 'USDT', status: 'sent' }, 'TUV')).toBe(
      '20.00 USDT чоруткан.',
    );
  });
});

describe('the notice worker', () => {
  async function queuedFor(app: TTestApp, count: number) {
    const partner = await registerPartner(app);
    await linkChat(app, partner, 777010);
    await app.database.db.insert(notices).values(
      Array.from({ length: count }, (_, index): typeof notices.$inferInsert => ({
        userId: partner.id,
        channel: index % 2 === 0 ? 'mail' : 'bot',
        kind: 'deposits',
        source: `test:${index}`,
        payload: { amount: String(index + 1), currency: 'USDT' },
      })),
    );
    return partner;
  }

  it('sends each notice once with two workers running together', async () => {
    const app = await testApp();
    await queuedFor(app, 30);
    const [first, second] = await Promise.all([deliver(app, 7), deliver(app, 7)]);
    let total = first + second;
    while (total < 30) {
      const [a, b] = await Promise.all([deliver(app, 7), deliver(app, 7)]);
      if (a + b === 0) break;
      total += a + b;
    }
    expect(total).toBe(30);
    expect(await countRows(app, mailOutbox)).toBe(15);
    expect((await botMessages(app, 777010)).length).toBe(15 + 1);
    expect(await deliver(app)).toBe(0);
  });

  it('tries a failing send again later, at most a few times, then leaves it failed', async () => {
    const app = await testApp();
    await queuedFor(app, 2);
    const { db } = app.database;
    const failing = {
      db,
      mailer: { kind: 'outbox' as const, send: async () => Promise.reject(new Error('SMTP down')) },
      bot: { kind: 'outbox' as const, send: async () => Promise.reject(new BotChatGone('blocked')) },
      batchSize: 10,
      site: { app: 'Partner Portal', url: 'http://portal.test' },
    };
    for (let run = 0; run < NOTICE_ATTEMPTS + 2; run += 1) {
      await deliverNotices(failing);
      await db.execute(sql`update notices set next_attempt_at = now() where status = 'pending'`);
    }
    const rows = await queryRows<{ channel: string; status: string; attempts: number; last_error: string }>(
      db,
      sql`select channel, status, attempts, last_error from notices order by id`,
    );
    expect(rows).toEqual([
      { channel: 'mail', status: 'failed', attempts: NOTICE_ATTEMPTS, last_error: 'SMTP down' },
      // The chat will never take it (Telegram's 403): no retry.
      { channel: 'bot', status: 'failed', attempts: 1, last_error: 'blocked' },
    ]);
  });

  it('skips a bot notice whose chat was unlinked since', async () => {
    const app = await testApp();
    const partner = await queuedFor(app, 2);
    expect((await post(app, '/api/v1/chatbot/send_unsubscribe_message/', {}, partner.token)).body).toBe(true);
    await deliver(app);
    expect((await noticesOf(app, partner.id)).map((notice) => notice.status)).toEqual(['sent', 'skipped']);
  });
});

describe('the Telegram adapter', () => {
  async function fakeTelegram(status: number, answer: object) {
    const requests: { method: string; url: string; type: string; body: unknown }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          type: String(request.headers['content-type']),
          body: JSON.parse(body) as unknown,
        });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { requests, url: `http://127.0.0.1:${port}`, close: () => server.close() };
  }

  it('posts sendMessage with the chat and the text, to the token path', async () => {
    const telegram = await fakeTelegram(200, { ok: true, result: { message_id: 1 } });
    try {
      const bot = createTelegramBot({ token: '123:abc', baseUrl: `${telegram.url}/` });
      await bot.send(-100123, 'Deposit credited: 1.00 USDT.');
      expect(telegram.requests).toEqual([
        {
          method: 'POST',
          url: '/bot123:abc/sendMessage',
          type: 'application/json',
          body: { chat_id: -100123, text: 'Deposit credited: 1.00 USDT.', disable_web_page_preview: true },
        },
      ]);
    } finally {
      telegram.close();
    }
  });

  it('fails as gone on a 403 and plainly on a 5xx, without the token in the error', async () => {
    const blocked = await fakeTelegram(403, {
      ok: false,
      description: 'Forbidden: bot was blocked by the user',
    });
    const down = await fakeTelegram(502, { ok: false });
    try {
      const error = await createTelegramBot({ token: '123:secret', baseUrl: blocked.url })
        .send(1, 'x')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BotChatGone);
      expect(String(error)).not.toContain('secret');
      const other = await createTelegramBot({ token: '123:secret', baseUrl: down.url })
        .send(1, 'x')
        .catch((caught: unknown) => caught);
      expect(other).toBeInstanceOf(Error);
      expect(other).not.toBeInstanceOf(BotChatGone);
    } finally {
      blocked.close();
      down.close();
    }
  });

  it('needs the webhook secret with a token', () => {
    const base = { NODE_ENV: 'test', SECRET_KEY: 'k'.repeat(40), DATA_DIR: '/tmp/portal-test-data' };
    expect(() => loadConfig({ ...base, TELEGRAM_BOT_TOKEN: '123:abc' })).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    const config = loadConfig({
      ...base,
      TELEGRAM_BOT_TOKEN: '123:abc',
      TELEGRAM_WEBHOOK_SECRET: 's'.repeat(20),
    });
    expect(config.telegram).toMatchObject({ token: '123:abc', webhookSecret: 's'.repeat(20) });
  });
});
