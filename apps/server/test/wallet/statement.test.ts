import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ORDER, pageQuery } from '../../src/modules/statement/repo';
import { call, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { planOf } from '../helpers/rows';

const OPERATIONS = 47;
const BONUSES = 23;
const LINES = OPERATIONS + BONUSES;

/**
 * 47 wallet_operations lines and 23 bonuses the fold listed (payouts: USDT and DXN, some
 * reversed), with repeated dates and amounts across both tables, so that the tie-breaker and the
 * merge of the two matter.
 */
async function fillLines(app: TTestApp, userId: number) {
  await app.database.db.execute(sql`
    insert into wallet_operations (user_id, operation_type, currency, amount, status, reference, created_at)
    select ${userId}, (array['deposit', 'withdrawal', 'transfer'])[1 + i % 3], 'USDT', (i % 7) * 1000000, 'completed',
           'line:' || i, timestamptz '2026-01-01' + make_interval(mins => i % 5)
      from generate_series(1, ${OPERATIONS}) as i`);
  await app.database.db.execute(sql`
    insert into payouts (purchase_id, payee_id, bonus_type, currency, gross, credited, lost, base, rate_bp,
                         cap_took, plan_version, reverses_payout_id, taken, listed, created_at)
    select 1, ${userId}, 'binary', (array['USDT', 'DXN'])[1 + i % 2],
           case when i % 5 = 0 then -(i % 7) * 1000000 else (i % 7) * 1000000 end,
           case when i % 5 = 0 then -(i % 7) * 1000000 else (i % 7) * 1000000 end, 0, 0, 1000, 0, 'v1',
           case when i % 5 = 0 then 1 end, case when i % 5 = 0 then (i % 7) * 1000000 else 0 end,
           true, timestamptz '2026-01-01' + make_interval(mins => i % 5)
      from generate_series(1, ${BONUSES}) as i`);
}

const page = (app: TTestApp, token: string, body: object, number: number) =>
  call(app, 'POST', `/api/v1/payments/finances/?page=${number}`, { token, body });

describe('POST /api/v1/payments/finances/: pages', () => {
  it('every order reads the same lines page by page, the back half from the other end', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await fillLines(app, partner.id);
    const all = (await page(app, partner.token, {}, 1)).body.count;
    expect(all).toBe(LINES);

    for (const ordering of ['date', '-date', 'amount', '-amount'] as const) {
      const seen: { id: number; date: string; amount: string; currency: string }[] = [];
      for (let number = 1; number <= 4; number++) {
        const answer = await page(app, partner.token, { ordering }, number);
        expect(answer.status).toBe(200);
        expect(answer.body.count).toBe(LINES);
        seen.push(...answer.body.results);
      }
      expect(seen).toHaveLength(LINES);
      expect(new Set(seen.map((line) => line.id)).size).toBe(LINES);
      const key = (line: (typeof seen)[number]) =>
        ordering.endsWith('date') ? Date.parse(line.date) : Number(line.amount);
      const currency = (line: (typeof seen)[number]) => (ordering.endsWith('amount') ? line.currency : '');
      const expected = [...seen].sort(
        (a, b) => currency(a).localeCompare(currency(b)) || key(a) - key(b) || a.id - b.id,
      );
      if (ordering.startsWith('-')) expected.reverse();
      expect(seen.map((line) => line.id)).toEqual(expected.map((line) => line.id));
    }
    expect((await page(app, partner.token, {}, 5)).body.results).toEqual([]);
  });

  it('pages filtered lines the same way from either end', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await fillLines(app, partner.id);
    const ids: number[] = [];
    for (let number = 1; number <= 2; number++) {
      const answer = await page(
        app,
        partner.token,
        { operation_type: 'withdrawal', ordering: 'date' },
        number,
      );
      expect(answer.body.count).toBe(16);
      ids.push(...answer.body.results.map((line: { id: number }) => line.id));
    }
    expect(new Set(ids).size).toBe(16);

    // The bonuses are the listed payouts: found by type, currency and bonus type, each line with
    // its payout's details (the line is the payout).
    const bonuses: { id: number; currency: string; bonus_type: string; details: { payout_id: number } }[] =
      [];
    for (let number = 1; number <= 2; number++) {
      const answer = await page(app, partner.token, { operation_type: 'bonus', ordering: '-amount' }, number);
      expect(answer.body.count).toBe(BONUSES);
      bonuses.push(...answer.body.results);
    }
    expect(new Set(bonuses.map((line) => line.id)).size).toBe(BONUSES);
    for (const line of bonuses) {
      expect(line.bonus_type).toBe('binary');
      expect(line.details.payout_id).toBe(line.id);
    }
    expect((await page(app, partner.token, { currency: 'DXN' }, 1)).body.count).toBe(12);
    expect((await page(app, partner.token, { bonus_type: 'binary', currency: 'USDT' }, 1)).body.count).toBe(
      11,
    );
    expect((await page(app, partner.token, { operation_type: 'deposit' }, 1)).body.count).toBe(15);
  });
});

describe('statement indexes (plans without statistics)', () => {
  it('reads a page of each order from an index, without sorting the partner lines', async () => {
    const app = await testApp();
    for (const ordering of Object.keys(ORDER) as (keyof typeof ORDER)[]) {
      for (const filter of [
        { userId: 1 },
        { userId: 1, from: new Date('2026-01-01'), to: new Date('2026-02-01') },
      ]) {
        const text = await planOf(app, pageQuery(filter, ordering, 0, 20));
        // Each table's first lines read in order from its index, then merged: nothing sorted.
        expect(text, text).not.toMatch(/Sort {2}\(cost|Seq Scan|Bitmap/);
        expect(text, text).toMatch(
          ordering.endsWith('date')
            ? /wallet_operations_user_date_id_idx[\s\S]*payouts_statement_date_idx/
            : /wallet_operations_user_currency_amount_id_idx[\s\S]*payouts_statement_amount_idx/,
        );
      }
    }
  });

  it('has an index on the operation type of ledger transfers, for the bonus totals', async () => {
    const app = await testApp();
    const [index] = await queryRows<{ definition: string }>(
      app.database.db,
      sql`select indexdef as definition from pg_indexes where indexname = 'ledger_transfers_operation_type_idx'`,
    );
    expect(index?.definition).toMatch(/\(operation_type, bonus_type\)/);
  });
});
