import { MESSAGES, minor } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, post, testApp } from './helpers/app';
import { loginAdmin, partnerInput, registerPartner } from './helpers/factories';
import { ledgerHealth } from './helpers/money';
import { userRow } from './helpers/rows';

const NUL = 'a\u0000b';
const RTL_OVERRIDE = 'abc\u202Egnp.exe';
const TEN_TO_THE_23 = '100000000000000000000000';

describe('text fields refuse NUL, control characters and bidirectional overrides with a 400', () => {
  it('on login, register, PATCH info, check_referral_id and the admin searches', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);

    const login = await post(app, '/api/v1/accounts/login/', { email: NUL, password: 'x' });
    expect(login.status).toBe(400);
    expect(login.body.email).toEqual([MESSAGES.textInvalid]);

    for (const field of ['first_name', 'last_name', 'country']) {
      for (const value of [NUL, RTL_OVERRIDE, 'line\nbreak', 'bell\u0007']) {
        const register = await post(app, '/api/v1/accounts/register/', partnerInput({ [field]: value }));
        expect(register.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(register.body[field], field).toEqual([MESSAGES.textInvalid]);
      }
    }
    const promocode = await post(app, '/api/v1/accounts/register/', partnerInput({ promocode: NUL }));
    expect(promocode.status).toBe(400);

    const patch = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      body: { first_name: NUL },
      token: partner.token,
    });
    expect(patch.status).toBe(400);
    expect(patch.body.first_name).toEqual([MESSAGES.textInvalid]);

    const referral = await post(app, '/api/v1/accounts/check_referral_id/', { promocode: NUL });
    expect(referral.status).toBe(400);
    expect(referral.body.promocode).toEqual([MESSAGES.textInvalid]);

    for (const url of ['/api/v1/users/?search=a%00b', '/api/v1/admin/mail/outbox/?to=a%00b']) {
      const search = await call(app, 'GET', url, { token: admin });
      expect(search.status, url).toBe(400);
    }
    const reject = await post(app, '/api/v1/admin/withdrawals/1/reject/', { reason: NUL }, admin);
    expect(reject.status).toBe(400);
  });

  it('normalises names to NFC, trims them, and refuses a name of only zero-width characters', async () => {
    const app = await testApp();
    const decomposed = 'Jose\u0301'; // "José" as e + combining acute
    const partner = await registerPartner(app, { first_name: `  ${decomposed}  ` });
    expect((await userRow(app, partner.id)).firstName).toBe('Jos\u00e9');

    const invisible = await post(
      app,
      '/api/v1/accounts/register/',
      partnerInput({ last_name: '\u200B\u200C\u200D\uFEFF' }),
    );
    expect(invisible.status).toBe(400);
    expect(invisible.body.last_name).toEqual([MESSAGES.surnameRequired]);
  });

  it('stores the name of country_code, whatever country name is sent', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { country: 'Atlantis', country_code: 'de' });
    const row = await userRow(app, partner.id);
    expect([row.country, row.countryCode]).toEqual(['Germany', 'DE']);

    const patched = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      body: { country: 'Narnia', country_code: 'FR' },
      token: partner.token,
    });
    expect(patched.status).toBe(200);
    expect([patched.body.country, patched.body.country_code]).toEqual(['France', 'FR']);
    const nameAlone = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      body: { country: 'Narnia' },
      token: partner.token,
    });
    expect(nameAlone.status, JSON.stringify(nameAlone.body)).toBe(200);
    expect(nameAlone.body.country).toBe('France');
  });
});

describe('dates, pages and ids are bounded', () => {
  it('answers 400 to a statement from year 0 or to year 9999, and to pages or ids beyond range', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    const finances = (body: object, page = '') =>
      post(app, `/api/v1/payments/finances/${page}`, body, partner.token);
    for (const body of [
      { date_from: '0000-01-01' },
      { date_to: '9999-12-31' },
      { date_from: '1999-12-31' },
    ]) {
      const response = await finances(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const field = Object.keys(body)[0]!;
      expect(response.body[field], field).toEqual(['Enter a date between 2000-01-01 and 2999-12-31.']);
    }
    expect((await finances({ date_from: '2000-01-01', date_to: '2999-12-31' })).status).toBe(200);
    const lastPage = await finances({}, '?page=1000001');
    expect(lastPage.status).toBe(400);
    expect(lastPage.body.page).toEqual(['Enter a page number from 1 to 1000000.']);

    for (const url of [
      '/api/v1/users/?page=99999999999999999999',
      '/api/v1/admin/withdrawals/?page=9007199254740993',
    ]) {
      const response = await call(app, 'GET', url, {
        token: url.includes('finances') ? partner.token : admin,
      });
      expect(response.status, url).toBe(400);
      expect(response.body.page, url).toEqual(['Enter a page number from 1 to 1000000.']);
    }
    const bigId = await post(app, '/api/v1/admin/withdrawals/2147483648/approve/', {}, admin);
    expect(bigId.status).toBe(400);
    const order = await post(
      app,
      '/api/v1/payments/get_or_create_invoice/',
      { purpose: 'order', order_id: 2 ** 40 },
      partner.token,
    );
    expect(order.status).toBe(400);
  });
});

describe('amounts have an upper bound from configuration', () => {
  const bound = 'The maximum amount is 1000000000.000000 USDT.';

  it('refuses an invoice, a development transfer and an admin adjustment of 10^23 USDT, and moves nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    const before = await ledgerHealth(app);

    const invoice = await post(
      app,
      '/api/v1/payments/get_or_create_invoice/',
      { purpose: 'deposit', currency: 'USDT', amount: TEN_TO_THE_23 },
      partner.token,
    );
    expect(invoice.status).toBe(400);
    expect(invoice.body.amount).toEqual([bound]);

    const transfer = await post(app, '/api/v1/dev/chain/transfer/', {
      to: '0x' + '1'.repeat(40),
      currency: 'USDT',
      amount: TEN_TO_THE_23,
    });
    expect(transfer.status).toBe(400);
    expect(transfer.body.amount).toEqual([bound]);

    for (const amount of [TEN_TO_THE_23, `-${TEN_TO_THE_23}`]) {
      const adjustment = await post(
        app,
        '/api/v1/admin/ledger/adjustments/',
        { user_id: partner.id, currency: 'USDT', amount, reason: 'hostile' },
        admin,
      );
      expect(adjustment.status, amount).toBe(400);
      expect(adjustment.body.amount).toEqual([bound]);
    }

    const card = await post(
      app,
      '/api/v1/cardpayment/test_endpoint_carpayment/',
      { amount: TEN_TO_THE_23 },
      partner.token,
    );
    expect(card.status).toBeLessThan(500);
    expect(await ledgerHealth(app)).toEqual(before);
  });

  it('follows AMOUNT_MAX_*: the bound itself is taken, one unit more is refused', async () => {
    const app = await testApp({
      config: { amountMax: { USDT: minor(5_000_000n), DXN: minor(10n ** 18n), DFT: minor(10n ** 18n) } },
    });
    const partner = await registerPartner(app);
    const invoice = (amount: string) =>
      post(
        app,
        '/api/v1/payments/get_or_create_invoice/',
        { purpose: 'deposit', currency: 'USDT', amount },
        partner.token,
      );
    expect((await invoice('5')).status).toBe(200);
    const over = await invoice('5.000001');
    expect(over.status).toBe(400);
    expect(over.body.amount).toEqual(['The maximum amount is 5.000000 USDT.']);
  });
});

describe('who calls is checked before what is sent', () => {
  it('answers 401 without a token and 403 to a partner on an admin call, whatever the body', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const invalid = { amount: 'not money', currency: 7, user_id: 'x' };
    const withdraw = await post(app, '/api/v1/withdraw/request/', invalid);
    expect(withdraw.status).toBe(401);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/get_or_create_invoice/',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(malformed.statusCode).toBe(401);
    const adjustment = await post(app, '/api/v1/admin/ledger/adjustments/', invalid, partner.token);
    expect(adjustment.status).toBe(403);
  });
});

describe('a failing query is logged without its parameters', () => {
  it('logs the SQL of a failed registration but not the password hash, the email or the phone', async () => {
    const lines: string[] = [];
    const app = await testApp({
      config: { logLevel: 'error' },
      logStream: { write: (line) => void lines.push(line) },
    });
    // Any failure of the insert will do: a trigger that refuses every new user.
    await app.database.db.execute(sql`
      create function refuse_user() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await app.database.db.execute(
      sql`create trigger refuse_user before insert on users for each row execute function refuse_user()`,
    );
    const input = partnerInput({ email: 'secret.person@example.com', phone: '+351911222333' });
    const response = await post(app, '/api/v1/accounts/register/', input);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: MESSAGES.serverError });

    const log = lines.join('');
    expect(log).toMatch(/Failed query: insert into /);
    expect(log).toMatch(/refused by test/);
    expect(log).not.toMatch(/secret\.person/);
    expect(log).not.toMatch(/911222333/);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toMatch(/params/);
  });
});
