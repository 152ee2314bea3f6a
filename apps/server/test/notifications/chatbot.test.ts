import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { botChats, botLinkCodes } from '../../src/schema';
import { call, post, testApp, testConfig } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { countRows } from '../helpers/rows';
import {
  botMessages,
  LINK,
  linkChat,
  linkCode,
  PREFERENCES,
  sendBot,
  STATUS,
  UNSUBSCRIBE,
  WEBHOOK,
} from './helpers';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const DEV_MESSAGE = '/api/v1/dev/chatbot/message/';

describe('linking a chat through the webhook', () => {
  it('links the chat of a live code, answers in the partner language, and shows it linked', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { language: 'ru' });
    const before = await call(app, 'GET', STATUS, { token: partner.token });
    expect(before.body).toEqual({ linked: false, linked_at: null, bot_username: 'partner_portal_bot' });

    const answer = await call(app, 'POST', LINK, { token: partner.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { code, link, expires_at } = answer.body as { code: string; link: string; expires_at: string };
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    expect(link).toBe(`https://t.me/partner_portal_bot?start=${code}`);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Only the code's hash is kept.
    expect(JSON.stringify(await app.database.db.select().from(botLinkCodes))).not.toContain(code);

    expect(await sendBot(app, 555001, `/start ${code}`)).toMatchObject({ status: 200, body: { ok: true } });
    const after = await call(app, 'GET', STATUS, { token: partner.token });
    expect(after.body).toMatchObject({ linked: true, linked_at: expect.any(String) });
    expect(await botMessages(app, 555001)).toEqual([
      'Этот чат подключён к Partner Portal: уведомления будут приходить сюда. Чтобы их отключить, отключите бота в профиле.',
    ]);
  });

  it('takes the code alone, in any case', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const code = await linkCode(app, partner);
    await sendBot(app, 555002, `  ${code.toLowerCase()} `);
    expect((await call(app, 'GET', STATUS, { token: partner.token })).body.linked).toBe(true);
  });

  it('refuses a wrong secret or none with 401, and links nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const code = await linkCode(app, partner);
    expect((await sendBot(app, 555003, code, 'x'.repeat(43))).status).toBe(401);
    expect((await sendBot(app, 555003, code, null)).status).toBe(401);
    expect((await sendBot(app, 555003, code, '')).status).toBe(401);
    expect(await countRows(app, botChats)).toBe(0);
    expect(await botMessages(app, 555003)).toEqual([]);
  });

  it('answers a wrong, an expired, a replaced or a used code with a hint, in the client language', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    await sendBot(app, 555004, '/start WRONGCODE2');
    await sendBot(app, 555004, 'hello there');

    const expired = await linkCode(app, partner);
    await app.database.db
      .update(botLinkCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(botLinkCodes.userId, partner.id));
    await sendBot(app, 555004, expired);

    const replaced = await linkCode(app, partner);
    const current = await linkCode(app, partner);
    await sendBot(app, 555004, replaced);
    expect(await countRows(app, botChats)).toBe(0);

    await sendBot(app, 555004, current);
    expect(await countRows(app, botChats)).toBe(1);
    // Used once: another chat cannot take it, nor can the code link another partner.
    await sendBot(app, 555005, current);
    expect(await countRows(app, botChats, eq(botChats.chatId, 555005))).toBe(0);
    expect((await call(app, 'GET', STATUS, { token: other.token })).body.linked).toBe(false);

    const hint =
      'This code is not valid or has expired. Get a new one in your profile (Partner Portal) and send it here.';
    expect(await botMessages(app, 555004)).toEqual([
      hint,
      hint,
      hint,
      hint,
      expect.stringContaining('connected'),
    ]);
    const spanish = await call(app, 'POST', '/api/v1/chatbot/webhook/', {
      body: { update_id: 2, message: { text: 'nope', chat: { id: 555006 }, from: { language_code: 'es' } } },
      headers: { 'x-telegram-bot-api-secret-token': (await import('./helpers')).SECRET },
    });
    expect(spanish.status).toBe(200);
    expect(await botMessages(app, 555006)).toEqual([expect.stringMatching(/^Este código no es válido/)]);
  });

  it('moves a chat to the partner who links it last: one partner per chat', async () => {
    const app = await testApp();
    const first = await registerPartner(app);
    const second = await registerPartner(app);
    await linkChat(app, first, 555007);
    await linkChat(app, second, 555007);
    expect((await call(app, 'GET', STATUS, { token: first.token })).body.linked).toBe(false);
    expect((await call(app, 'GET', STATUS, { token: second.token })).body.linked).toBe(true);
  });

  it('answers 401 without the secret whatever the body holds, before reading it', async () => {
    const app = await testApp();
    for (const body of [{}, [], { update_id: 'x' }, { update_id: 1, message: { chat: { id: 'x' } } }]) {
      const answer = await call(app, 'POST', WEBHOOK, { body });
      expect(answer.status, JSON.stringify(body)).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain('update_id');
      const wrong = await call(app, 'POST', WEBHOOK, { body, headers: { [SECRET_HEADER]: 'x'.repeat(43) } });
      expect(wrong.status, JSON.stringify(body)).toBe(401);
    }
    const document = await call(app, 'GET', '/api/docs/json');
    expect(Object.keys(document.body.paths[WEBHOOK].post.responses)).toContain('401');
  });

  it('ignores updates without a text and refuses a malformed one with 400', async () => {
    const app = await testApp();
    const secret = { 'x-telegram-bot-api-secret-token': (await import('./helpers')).SECRET };
    const webhook = (body: unknown) =>
      call(app, 'POST', '/api/v1/chatbot/webhook/', { body, headers: secret });
    expect((await webhook({ update_id: 3 })).status).toBe(200);
    expect((await webhook({ update_id: 4, message: { chat: { id: 1 } } })).status).toBe(200);
    expect((await webhook({ update_id: 5, message: { text: 1, chat: { id: 'x' } } })).status).toBe(400);
  });
});

describe('POST /api/v1/chatbot/send_unsubscribe_message/', () => {
  it('unlinks the chat and says goodbye: true; then false, with nothing to unsubscribe', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { language: 'it' });
    expect((await call(app, 'POST', UNSUBSCRIBE, { token: partner.token, body: {} })).body).toBe(false);
    await linkChat(app, partner, 555010);
    const first = await call(app, 'POST', UNSUBSCRIBE, { token: partner.token, body: {} });
    expect(first).toMatchObject({ status: 200, body: true });
    expect((await botMessages(app, 555010)).at(-1)).toBe(
      'Questa chat è stata scollegata da Partner Portal: qui non arriveranno più notifiche.',
    );
    expect((await call(app, 'GET', STATUS, { token: partner.token })).body.linked).toBe(false);
    expect((await call(app, 'POST', UNSUBSCRIBE, { token: partner.token, body: {} })).body).toBe(false);
    expect((await call(app, 'POST', UNSUBSCRIBE, { body: {} })).status).toBe(401);
  });

  it('answers false when the bot fails; the chat is unlinked all the same', async () => {
    let failing = false;
    const sent: string[] = [];
    const app = await testApp({
      bot: {
        kind: 'outbox',
        send: async (_chat, text) => {
          if (failing) throw new Error('Telegram is down');
          sent.push(text);
        },
      },
    });
    const partner = await registerPartner(app);
    await linkChat(app, partner, 555011);
    failing = true;
    expect((await call(app, 'POST', UNSUBSCRIBE, { token: partner.token, body: {} })).body).toBe(false);
    expect((await call(app, 'GET', STATUS, { token: partner.token })).body.linked).toBe(false);
  });
});

describe('notification preferences', () => {
  it('starts from the defaults, changes only the switches given, and keeps partners apart', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    const defaults = {
      mail: { bonuses: false, deposits: true, withdrawals: true, orders: true },
      bot: { bonuses: true, deposits: true, withdrawals: true, orders: true },
    };
    expect((await call(app, 'GET', PREFERENCES, { token: partner.token })).body).toEqual(defaults);
    const changed = await call(app, 'PATCH', PREFERENCES, {
      token: partner.token,
      body: { mail: { bonuses: true }, bot: { orders: false } },
    });
    expect(changed.body).toEqual({
      mail: { ...defaults.mail, bonuses: true },
      bot: { ...defaults.bot, orders: false },
    });
    expect((await call(app, 'GET', PREFERENCES, { token: partner.token })).body).toEqual(changed.body);
    expect((await call(app, 'GET', PREFERENCES, { token: other.token })).body).toEqual(defaults);
    const bad = await call(app, 'PATCH', PREFERENCES, {
      token: partner.token,
      body: { sms: { bonuses: true } },
    });
    expect(bad.status).toBe(400);
    const notBool = await call(app, 'PATCH', PREFERENCES, {
      token: partner.token,
      body: { mail: { bonuses: 1 } },
    });
    expect(notBool.status).toBe(400);
  });
});

describe('the development bot call', () => {
  it('links a chat where the development chain runs, and does not exist where it does not', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const sent = await post(app, DEV_MESSAGE, { chat_id: 555020, text: await linkCode(app, partner) });
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call(app, 'GET', STATUS, { token: partner.token })).body.linked).toBe(true);

    // PostgreSQL without DEV_CHAIN, no bot token, NODE_ENV not production: no development chain.
    const base = testConfig();
    const real = await testApp({ config: { env: 'development', chain: { ...base.chain, dev: false } } });
    const other = await registerPartner(real);
    const refused = await post(real, DEV_MESSAGE, { chat_id: 555021, text: await linkCode(real, other) });
    expect(refused.status).toBe(404);
    expect((await call(real, 'GET', STATUS, { token: other.token })).body.linked).toBe(false);
    const document = await call(real, 'GET', '/api/docs/json');
    expect(Object.keys(document.body.paths)).not.toContain(DEV_MESSAGE);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('linking races on PostgreSQL', () => {
  it("four partners' codes sent from one chat at once: no 5xx, the chat serves one of them", async () => {
    const app = await testApp();
    for (let round = 0; round < 5; round++) {
      const chatId = 556000 + round;
      const partners = await Promise.all(Array.from({ length: 4 }, () => registerPartner(app)));
      const codes = await Promise.all(partners.map((partner) => linkCode(app, partner)));
      const answers = await Promise.all(codes.map((code) => sendBot(app, chatId, `/start ${code}`)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(await countRows(app, botChats, eq(botChats.chatId, chatId))).toBe(1);
      expect(await botMessages(app, chatId)).toHaveLength(4);
    }
  });

  it('two partners swapping chats at once: no 5xx, no deadlock, each ends on the other chat', async () => {
    const app = await testApp();
    for (let round = 0; round < 5; round++) {
      const [first, second] = [557000 + round * 2, 557001 + round * 2];
      const [a, b] = await Promise.all([registerPartner(app), registerPartner(app)]);
      await sendBot(app, first, `/start ${await linkCode(app, a)}`);
      await sendBot(app, second, `/start ${await linkCode(app, b)}`);
      const [codeA, codeB] = await Promise.all([linkCode(app, a), linkCode(app, b)]);
      const answers = await Promise.all([
        sendBot(app, second, `/start ${codeA}`),
        sendBot(app, first, `/start ${codeB}`),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(
        await countRows(app, botChats, and(eq(botChats.userId, a.id), eq(botChats.chatId, second))),
      ).toBe(1);
      expect(await countRows(app, botChats, and(eq(botChats.userId, b.id), eq(botChats.chatId, first)))).toBe(
        1,
      );
    }
  });

  it('new codes asked at once: only the last stays live', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call(app, 'POST', LINK, { token: partner.token, body: {} })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const live = await countRows(
        app,
        botLinkCodes,
        and(eq(botLinkCodes.userId, partner.id), isNull(botLinkCodes.usedAt)),
      );
      expect(live, `round ${round}`).toBe(1);
    }
  });
});
