import {
  formatMessage,
  formatMinor,
  MESSAGES,
  parseMinor,
  type TCurrency,
  type TTransaction,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { call, post, type TTestApp } from '../helpers/app';
import { depositInvoice, depositsApp, devTransfer, mineAndWatch } from '../helpers/chain';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances } from '../helpers/money';
import { pdfTexts } from '../helpers/pdf';
import { buyTariff } from '../helpers/tariffs';

const STATEMENT = '/api/v1/payments/finances/statement/';
const FINANCE = 'finance-pass-1';
const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The last day of a month, as YYYY-MM-DD. */
function lastDay(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** The month `offset` months from the current one (UTC), as YYYY-MM. */
function monthFromNow(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

const download = (app: TTestApp, token: string | null, query: string) =>
  app.inject({
    method: 'GET',
    url: `${STATEMENT}?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

type TStatement = {
  texts: string[];
  opening: string;
  closing: string;
  totalIn: string;
  totalOut: string;
  /** Each movement's [date, description, amount, balance], as printed. */
  rows: [string, string, string, string][];
};

/** The labels the balances are printed beside, in English. */
const ENGLISH = {
  opening: 'Opening balance',
  closing: 'Closing balance',
  totalIn: 'Total in',
  totalOut: 'Total out',
};

/** What the statement's PDF says: its texts in order, the balances and the table's rows. */
async function read(bytes: Buffer, labels = ENGLISH): Promise<TStatement> {
  const pages = await pdfTexts(bytes);
  const texts = pages.flatMap((page) => page.map((item) => item.text));
  /** The amount printed beside the label that starts with `prefix`, its currency cut off. */
  const beside = (prefix: string) => {
    const index = texts.findIndex((text) => text.startsWith(prefix));
    expect(index, prefix).toBeGreaterThan(-1);
    return texts[index + 1]!.replace(/ [A-Z]+$/, '');
  };
  const rows: TStatement['rows'] = [];
  for (const page of pages) {
    // A row's cells share their line; a description that wraps adds a line below its row.
    for (const item of page) {
      if (/^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(item.text)) {
        const cells = page.filter((other) => other.y === item.y && other !== item).map((other) => other.text);
        rows.push([item.text, cells[0]!, cells[1]!, cells[2]!]);
      }
    }
  }
  return {
    texts,
    opening: beside(labels.opening),
    closing: beside(labels.closing),
    totalIn: beside(labels.totalIn),
    totalOut: beside(labels.totalOut),
    rows,
  };
}

/** The partner's statement of `month` in `currency`, read; the answer must be a PDF. */
async function statementOf(app: TTestApp, partner: TPartner, month: string, currency: TCurrency) {
  const answer = await download(app, partner.token, `month=${month}&currency=${currency}`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(answer.headers['content-disposition']).toBe(
    `attachment; filename="statement-${currency}-${month}.pdf"`,
  );
  expect(answer.headers['cache-control']).toBe('no-store');
  return { bytes: answer.rawPayload, ...(await read(answer.rawPayload)) };
}

/** Every line written since the last call is dated `at` (both tables share the lines' ids). */
function dater(app: TTestApp) {
  let mark = 0;
  return async (at: string) => {
    const { db } = app.database;
    await db.execute(sql`update wallet_operations set created_at = ${at}::timestamptz where id > ${mark}`);
    await db.execute(sql`update payouts set created_at = ${at}::timestamptz where id > ${mark}`);
    const [row] = await queryRows<{ last: string }>(
      db,
      sql`select greatest((select max(id) from wallet_operations), (select max(id) from payouts), 0)::text as last`,
    );
    mark = Number(row!.last);
  };
}

/** The partner's lines of `currency` in `month` as finances/ answers them, oldest first. */
async function linesOf(app: TTestApp, partner: TPartner, month: string, currency: TCurrency) {
  const answer = await post(
    app,
    '/api/v1/payments/finances/',
    { currency, date_from: `${month}-01`, date_to: lastDay(month), ordering: 'date' },
    partner.token,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.next).toBeNull();
  return answer.body.results as TTransaction[];
}

/** An app on the development chain, its lines' dater (`dater`) and a partner. */
async function setUp(partner: Record<string, unknown> = {}) {
  const { app } = await depositsApp();
  return { app, dated: dater(app), partner: await registerPartner(app, partner) };
}

const minor = (text: string, currency: TCurrency) => parseMinor(text.replace(/^\+/, ''), currency)!;

/** Opening plus every movement is the closing, exactly, and each row's balance is the running one. */
function expectBalanced(statement: TStatement, currency: TCurrency) {
  let balance: bigint = minor(statement.opening, currency);
  let totalIn = 0n;
  let totalOut = 0n;
  for (const [, , amount, after] of statement.rows) {
    const value = minor(amount, currency);
    balance += value;
    if (value > 0n) totalIn += value;
    else totalOut += value;
    expect(minor(after, currency), amount).toBe(balance);
  }
  expect(minor(statement.closing, currency)).toBe(balance);
  expect(minor(statement.totalIn, currency)).toBe(totalIn);
  expect(minor(statement.totalOut, currency)).toBe(totalOut);
}

/**
 * The month under test (two months back: 2026-10 on 2026-12-02), the one before it and the one
 * after it: all three over whenever the test runs.
 */
const [BEFORE, MONTH, AFTER] = [monthFromNow(-3), monthFromNow(-2), monthFromNow(-1)];

describe('GET /api/v1/payments/finances/statement/', () => {
  it("shows a month's opening balance, each movement in time order with its balance, and the closing balance", async () => {
    const { app, dated, partner } = await setUp();
    const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      token: partner.token,
      body: { finance_password: FINANCE, password: partner.password },
    });
    expect(set.status).toBe(200);
    const other = await registerPartner(app);
    await adjust(app, other.id, 'USDT', '75');
    await dated(`${BEFORE}-03T08:00:00Z`);

    // The month before: a credit of 700 USDT and 5 DXN.
    await adjust(app, partner.id, 'USDT', '700');
    await dated(`${BEFORE}-10T09:00:00Z`);
    await adjust(app, partner.id, 'DXN', '5');
    await dated(`${BEFORE}-12T09:00:00Z`);

    // The month: a chain deposit of 300, a tariff (USDT, and its DFT), an invite bonus from a
    // partner who joined under this one, a withdrawal waiting for approval, one rejected, a
    // deposit still confirming, 2 DXN; the other partners' movements the same days.
    const invoice = await depositInvoice(app, partner.token, 'USDT', '300');
    await devTransfer(app, invoice.address, 'USDT', '300');
    for (let block = 0; block < 3; block += 1) await mineAndWatch(app);
    await dated(`${MONTH}-03T10:15:00Z`);
    await buyTariff(app, partner, 'tariff-500');
    await dated(`${MONTH}-05T11:00:00Z`);
    const buyer = await registerPartner(app, { promocode: partner.referralId });
    await adjust(app, buyer.id, 'USDT', '500');
    await buyTariff(app, buyer, 'tariff-500');
    await dated(`${MONTH}-20T12:30:00Z`);
    const withdraw = (amount: string) =>
      post(
        app,
        '/api/v1/withdraw/request/',
        { currency: 'USDT', network: 'BEP-20', address: BEP20, amount, finance_password: FINANCE },
        partner.token,
      );
    expect((await withdraw('20')).status).toBe(201);
    await dated(`${MONTH}-25T13:00:00Z`);
    const rejected = await withdraw('30');
    expect(rejected.status).toBe(201);
    const reject = await post(
      app,
      `/api/v1/admin/withdrawals/${rejected.body.id}/reject/`,
      { reason: 'test' },
      await loginAdmin(app),
    );
    expect(reject.status, JSON.stringify(reject.body)).toBe(200);
    await dated(`${MONTH}-26T14:00:00Z`);
    await devTransfer(app, invoice.address, 'USDT', '40');
    await mineAndWatch(app);
    await adjust(app, partner.id, 'DXN', '2');
    await dated(`${MONTH}-28T15:00:00Z`);

    // The month after: 50 USDT taken back.
    await adjust(app, partner.id, 'USDT', '-50');
    await dated(`${AFTER}-02T16:00:00Z`);

    const before = await statementOf(app, partner, BEFORE, 'USDT');
    expect(before.opening).toBe('0.000000');
    expect(before.rows).toEqual([[`${BEFORE}-10 09:00`, 'Adjustment', '+700.000000', '700.000000']]);
    expect(before.closing).toBe('700.000000');

    const month = await statementOf(app, partner, MONTH, 'USDT');
    expect(month.opening).toBe(before.closing);
    expectBalanced(month, 'USDT');
    // Each of the partner's movements of the month, as finances/ lists them, and nothing else: not
    // the deposit still confirming, not the rejected withdrawal (returned in full), no other
    // currency, no other partner.
    const lines = await linesOf(app, partner, MONTH, 'USDT');
    expect(lines.map((line) => line.status).sort()).toEqual([
      'completed',
      'completed',
      'completed',
      'confirming',
      'pending',
      'rejected',
    ]);
    const moved = lines.filter((line) => line.status !== 'confirming' && line.status !== 'rejected');
    expect(month.rows.map(([date, , amount]) => [date, amount])).toEqual(
      moved.map((line) => [
        `${line.date.slice(0, 10)} ${line.date.slice(11, 16)}`,
        line.amount.startsWith('-') ? line.amount : `+${line.amount}`,
      ]),
    );
    expect(month.rows.map(([, description, amount]) => [description, amount])).toEqual([
      ['Deposit', '+300.000000'],
      ['Purchase', '-500.000000'],
      ['Bonus · Invite bonus', `+${moved[2]!.amount}`],
      ['Withdrawal · Pending', '-21.000000'],
    ]);
    expect(minor(moved[2]!.amount, 'USDT')).toBeGreaterThan(0n);
    for (const [, , amount, balance] of month.rows) {
      expect(amount).toMatch(/^[+-][0-9]+\.[0-9]{6}$/);
      expect(balance).toMatch(/^[0-9]+\.[0-9]{6}$/);
    }
    expect(month.texts.join('\n')).not.toContain('DFT');
    expect(month.texts).toContain(`${MONTH} (${MONTH}-01 to ${lastDay(MONTH)}, UTC)`);

    const after = await statementOf(app, partner, AFTER, 'USDT');
    expect(after.opening).toBe(month.closing);
    expect(after.rows).toEqual([
      [
        `${AFTER}-02 16:00`,
        'Adjustment',
        '-50.000000',
        formatMinor(minor(month.closing, 'USDT') - 50_000_000n, 'USDT'),
      ],
    ]);

    // This month: nothing yet, still running; its closing is the balance the wallet shows.
    const now = await statementOf(app, partner, monthFromNow(0), 'USDT');
    expect(now.rows).toEqual([]);
    expect(now.opening).toBe(after.closing);
    expect(now.closing).toBe((await balances(app, partner.token)).usdt);
    expect(now.texts).toContain('No movements in this month.');
    expect(now.texts.some((text) => text.startsWith('This month is not over yet'))).toBe(true);
    expect(month.texts.some((text) => text.startsWith('This month is not over yet'))).toBe(false);

    // The other currencies: their own movements only.
    const dxn = await statementOf(app, partner, MONTH, 'DXN');
    expect(dxn.opening).toBe('5.00000000');
    expect(dxn.rows).toEqual([[`${MONTH}-28 15:00`, 'Adjustment', '+2.00000000', '7.00000000']]);
    const dft = await statementOf(app, partner, MONTH, 'DFT');
    expect(dft.opening).toBe('0.00000000');
    expect(dft.rows.map(([date, description]) => [date, description])).toEqual([
      [`${MONTH}-05 11:00`, 'Bonus · DFT bonus'],
    ]);
    expectBalanced(dft, 'DFT');
    const wallet = await balances(app, partner.token);
    expect(minor(dft.closing, 'DFT')).toBe(
      minor(wallet.dft_locked!, 'DFT') + minor(wallet.dft_available!, 'DFT'),
    );
    expect(dft.texts).toContain('The balance is your locked and available DFT together.');

    // The partner who joined: their own month, none of the first partner's lines.
    const theirs = await statementOf(app, buyer, MONTH, 'USDT');
    expect(theirs.opening).toBe('0.000000');
    expect(theirs.rows.map(([, description, amount]) => [description, amount])).toEqual([
      ['Adjustment', '+500.000000'],
      ['Purchase', '-500.000000'],
    ]);

    // The same month gives the same bytes, dated at its end.
    const again = await statementOf(app, partner, MONTH, 'USDT');
    expect(again.bytes.equals(month.bytes)).toBe(true);
    const document = await PDFDocument.load(month.bytes, { updateMetadata: false });
    expect(document.getTitle()).toBe(`Monthly statement USDT ${MONTH}`);
    expect(document.getCreationDate()?.toISOString()).toBe(new Date(`${AFTER}-01T00:00:00Z`).toISOString());
  });

  it('gives an empty month its opening as its closing, and runs over pages for a long month', async () => {
    const { app, dated, partner } = await setUp({ username: 'statement.reader' });
    // The first instant of a month is the month's own.
    await adjust(app, partner.id, 'USDT', '10');
    await dated(`${BEFORE}-01T00:00:00Z`);
    await adjust(app, partner.id, 'USDT', '1');
    await dated(`${AFTER}-01T00:00:00Z`);
    // 120 bonus lines on the month's last day, one a minute up to its last instant.
    const start = `${lastDay(MONTH)}T22:00:59.999Z`;
    await app.database.db.execute(sql`
      insert into payouts (purchase_id, payee_id, bonus_type, currency, gross, credited, lost, base, rate_bp,
                           cap_took, plan_version, taken, listed, created_at)
      select 1, ${partner.id}, 'binary', 'USDT', 1000000 + i, 1000000 + i, 0, 0, 1000, 0, 'v1', 0, true,
             ${start}::timestamptz + make_interval(mins => i - 1)
        from generate_series(1, 120) as i`);

    const before = await statementOf(app, partner, BEFORE, 'USDT');
    expect(before.texts).toContain('Pat Partner' + partner.email.match(/\d+/)![0] + ' (statement.reader)');
    expect(before.texts).toContain(partner.email);
    expect(before.texts).toContain(String(partner.id));
    expect(before.rows).toHaveLength(1);
    expect(before.opening).toBe('0.000000');
    expect(before.closing).toBe('10.000000');

    const empty = await statementOf(app, partner, monthFromNow(-4), 'USDT');
    expect(empty.rows).toEqual([]);
    expect(empty.opening).toBe('0.000000');
    expect(empty.closing).toBe('0.000000');
    expect(empty.texts).toContain('No movements in this month.');

    const month = await statementOf(app, partner, MONTH, 'USDT');
    expect(month.opening).toBe('10.000000');
    expect(month.rows).toHaveLength(120);
    expect(month.rows[0]![1]).toBe('Bonus · Binary bonus');
    expect(month.rows.at(-1)![0]).toBe(`${lastDay(MONTH)} 23:59`);
    expectBalanced(month, 'USDT');
    const pages = await pdfTexts(month.bytes);
    expect(pages.length).toBeGreaterThan(2);
    for (const [index, page] of pages.entries()) {
      expect(page.at(-1)!.text).toBe(`Monthly statement USDT ${MONTH} · ${index + 1} / ${pages.length}`);
      // Each page heads its table.
      if (index > 0) expect(page[0]!.text).toBe('Date (UTC)');
    }
    const after = await statementOf(app, partner, AFTER, 'USDT');
    expect(after.opening).toBe(month.closing);
    expect(after.rows.map(([date, , amount]) => [date, amount])).toEqual([
      [`${AFTER}-01 00:00`, '+1.000000'],
    ]);
  });

  it("speaks the partner's language", async () => {
    const { app, dated, partner } = await setUp({ language: 'ru' });
    await adjust(app, partner.id, 'USDT', '12.5');
    await dated(`${MONTH}-15T10:00:00Z`);
    const answer = await download(app, partner.token, `month=${MONTH}&currency=USDT`);
    expect(answer.statusCode).toBe(200);
    const statement = await read(answer.rawPayload, {
      opening: 'Баланс на начало',
      closing: 'Баланс на конец',
      totalIn: 'Всего поступило',
      totalOut: 'Всего списано',
    });
    expect(statement.texts[0]).toBe('Ежемесячная выписка');
    expect(statement.texts).toEqual(expect.arrayContaining(['Партнёр', 'Месяц', 'Валюта', 'Дата (UTC)']));
    expect(statement.rows).toEqual([[`${MONTH}-15 10:00`, 'Корректировка', '+12.500000', '12.500000']]);
    expect(statement.opening).toBe('0.000000');
    expect(statement.closing).toBe('12.500000');
    expect(statement.texts.join('\n')).not.toMatch(/Monthly statement|Opening balance|Adjustment/);
  });

  it('refuses a month that is malformed, before 2000 or to come, a currency it does not know, and a call without a token', async () => {
    const { app, partner } = await setUp();
    const range = formatMessage(MESSAGES.monthOutOfRange, { min: '2000-01', max: monthFromNow(0) });
    const cases: [string, Record<string, string[]>][] = [
      ['currency=USDT', { month: [MESSAGES.monthInvalid] }],
      ['month=2026&currency=USDT', { month: [MESSAGES.monthInvalid] }],
      ['month=2026-13&currency=USDT', { month: [MESSAGES.monthInvalid] }],
      ['month=2026-1&currency=USDT', { month: [MESSAGES.monthInvalid] }],
      ['month=2026-11-01&currency=USDT', { month: [MESSAGES.monthInvalid] }],
      ['month=2026-11&month=2026-10&currency=USDT', { month: [MESSAGES.monthInvalid] }],
      ['month=1999-12&currency=USDT', { month: [range] }],
      [`month=${monthFromNow(1)}&currency=USDT`, { month: [range] }],
      ['month=2026-11&currency=EUR', { currency: [MESSAGES.currencyInvalid] }],
      ['month=2026-11&currency=usdt', { currency: [MESSAGES.currencyInvalid] }],
      ['month=2026-11', { currency: [MESSAGES.currencyInvalid] }],
    ];
    for (const [query, body] of cases) {
      const answer = await download(app, partner.token, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual(body);
    }
    expect((await download(app, partner.token, 'month=2000-01&currency=DFT')).statusCode).toBe(200);
    const anonymous = await download(app, null, 'month=2026-11&currency=USDT');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MESSAGES.notAuthenticated });
  });
});
