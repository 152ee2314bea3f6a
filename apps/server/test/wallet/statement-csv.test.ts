import { MESSAGES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

const CSV = '/api/v1/payments/finances/csv/';
const HEADER = 'id,date,operation_type,bonus_type,currency,amount,status,confirmations,hash,details';

/**
 * `operations` wallet_operations lines and `bonuses` listed payouts of the partner, with ids and
 * dates that repeat across the two tables (every 7th minute), so the tie-breakers matter.
 */
async function fill(app: TTestApp, userId: number, operations: number, bonuses: number) {
  await app.database.db.execute(sql`
    insert into wallet_operations (user_id, operation_type, currency, amount, status, reference, details, created_at)
    select ${userId}, (array['deposit', 'withdrawal', 'transfer'])[1 + i % 3], (array['USDT', 'DXN'])[1 + i % 2],
           (i % 9 - 4) * 1000000, 'completed', 'csv:' || ${userId} || ':' || i,
           jsonb_build_object('note', case when i % 4 = 0 then '=cmd, "quoted"' end),
           timestamptz '2026-01-01' + make_interval(mins => i % 7)
      from generate_series(1, ${operations}) as i`);
  await app.database.db.execute(sql`
    insert into payouts (purchase_id, payee_id, bonus_type, currency, gross, credited, lost, base, rate_bp,
                         cap_took, plan_version, taken, listed, created_at)
    select 1, ${userId}, 'binary', 'USDT', (i % 5) * 1000000, (i % 5) * 1000000, 0, 0, 1000, 0, 'v1', 0,
           true, timestamptz '2026-01-01' + make_interval(mins => i % 7)
      from generate_series(1, ${bonuses}) as i`);
}

/** The CSV's rows, split into fields (the test data quotes only the details column). */
function parse(text: string): { header: string; rows: string[][] } {
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  const rows = lines.slice(1, -1).map((line) => {
    const fields: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      if (match.index === line.length && match[0] === '') break;
      fields.push(match[1]!.startsWith('"') ? match[1]!.slice(1, -1).replaceAll('""', '"') : match[1]!);
    }
    return fields;
  });
  return { header: lines[0]!, rows };
}

const download = (app: TTestApp, token: string, query = '') =>
  call<string>(app, 'GET', `${CSV}${query}`, { token });

describe('GET /api/v1/payments/finances/csv/', () => {
  it('answers every line of the statement, in each order, read in steps past the ties of both tables', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    // More lines than one step of the export (1,000) takes, in both tables.
    await fill(app, partner.id, 1700, 900);
    await fill(app, other.id, 5, 5);

    for (const ordering of ['-date', 'date', 'amount', '-amount'] as const) {
      const answer = await download(app, partner.token, `?ordering=${ordering}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
      const { header, rows } = parse(answer.body);
      expect(header).toBe(HEADER);
      expect(rows).toHaveLength(2600);
      const line = (fields: string[]) => ({
        id: Number(fields[0]),
        date: Date.parse(fields[1]!),
        table: fields[2] === 'bonus' ? 1 : 0,
        currency: fields[4]!,
        amount: Number(fields[5]),
      });
      const seen = rows.map(line);
      // Each line once: (table, id) is a line's identity.
      expect(new Set(seen.map((row) => `${row.table}:${row.id}`)).size).toBe(2600);
      const byAmount = ordering.endsWith('amount');
      const expected = [...seen].sort(
        (a, b) =>
          (byAmount ? a.currency.localeCompare(b.currency) || a.amount - b.amount : a.date - b.date) ||
          a.table - b.table ||
          a.id - b.id,
      );
      if (ordering.startsWith('-')) expected.reverse();
      expect(seen).toEqual(expected);
    }
  });

  it('writes the fields of finances/, the details as JSON, and keeps a text that would run as a formula a text', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await fill(app, partner.id, 4, 1);
    const pages = await call(app, 'POST', '/api/v1/payments/finances/', {
      token: partner.token,
      body: { ordering: 'date' },
    });
    const { rows } = parse((await download(app, partner.token, '?ordering=date')).body);
    expect(rows).toHaveLength(5);
    const quoted = pages.body.results.find((line: { details: { note?: string } }) => line.details.note);
    const row = rows.find(
      (fields) => fields[0] === String(quoted.id) && fields[2] === quoted.operation_type,
    )!;
    expect(row).toEqual([
      String(quoted.id),
      quoted.date,
      quoted.operation_type,
      '',
      quoted.currency,
      quoted.amount,
      'completed',
      '',
      '',
      JSON.stringify(quoted.details),
    ]);
    // The note starts with '=' inside the JSON, so the field starts with '{' and is no formula;
    // a bare field that starts with '=' gets its apostrophe (lib/csv.test.ts).
    expect(row[9]!.startsWith('{')).toBe(true);
    const negative = rows.find((fields) => fields[5]!.startsWith('-'));
    expect(negative?.[5]).toMatch(/^-[0-9]+\.[0-9]+$/);
  });

  it('takes the filters of finances/ as query parameters', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await fill(app, partner.id, 47, 23);
    const count = async (query: string) => {
      const answer = await download(app, partner.token, query);
      expect(answer.status, query).toBe(200);
      return parse(answer.body).rows.length;
    };
    const pages = async (body: object) =>
      (await call(app, 'POST', '/api/v1/payments/finances/', { token: partner.token, body })).body.count;
    for (const filter of <Record<string, string>[]>[
      { operation_type: 'withdrawal' },
      { operation_type: 'bonus' },
      { currency: 'DXN' },
      { bonus_type: 'binary', currency: 'USDT' },
      { date_from: '2026-01-01', date_to: '2026-01-01' },
      { date_from: '2026-01-02' },
    ]) {
      expect(await count(`?${new URLSearchParams(filter).toString()}`), JSON.stringify(filter)).toBe(
        await pages(filter),
      );
    }
    expect(await count('?date_from=2026-01-02')).toBe(0);
  });

  it("refuses bad filters with the field named, a call without a token, and answers only the caller's lines", async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    await fill(app, other.id, 3, 3);
    const bad = await download(app, partner.token, '?date_from=2026-02-01&date_to=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ date_to: [MESSAGES.dateRangeInvalid] });
    expect((await download(app, partner.token, '?ordering=id')).status).toBe(400);
    expect((await download(app, partner.token, '?operation_type=x')).status).toBe(400);
    expect((await call(app, 'GET', CSV)).status).toBe(401);
    const mine = await download(app, partner.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toBe(`${HEADER}\r\n`);
  });
});
