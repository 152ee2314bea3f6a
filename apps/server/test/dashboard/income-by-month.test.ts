import { parseMinor, type TCurrency } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { windowStart } from '../../src/modules/dashboard/service';
import { post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

const URL = '/api/v1/mlm/income-by-month/';

/** `YYYY-MM` of the month `back` months before this one (UTC). */
const monthBack = (back: number) =>
  windowStart(new Date(), back + 1)
    .toISOString()
    .slice(0, 7);

/** A statement line of `userId` on the 15th of the month `back` months ago, noon UTC. */
async function line(
  app: TTestApp,
  userId: number,
  back: number,
  line: { type?: string; bonus?: string | null; currency?: string; amount: string; status?: string },
) {
  const day = `${monthBack(back)}-15T12:00:00Z`;
  await app.database.db.execute(
    sql`insert into wallet_operations (user_id, operation_type, bonus_type, currency, amount, status, reference, created_at)
        values (${userId}, ${line.type ?? 'bonus'}, ${line.bonus === undefined ? 'binary' : line.bonus},
                ${line.currency ?? 'USDT'}, ${String(parseMinor(line.amount, (line.currency ?? 'USDT') as TCurrency))}::bigint, ${line.status ?? 'completed'},
                ${`test:${crypto.randomUUID()}`}, ${day}::timestamptz)`,
  );
}

describe('POST /api/v1/mlm/income-by-month/', () => {
  it("sums the caller's own USDT bonuses by month and type, net of reversals, over the window", async () => {
    const app = await testApp();
    const a = await registerPartner(app);
    const b = await registerPartner(app);
    await line(app, a.id, 0, { amount: '100' });
    await line(app, a.id, 0, { amount: '23.45' });
    await line(app, a.id, 0, { bonus: 'matching', amount: '5' });
    await line(app, a.id, 1, { bonus: 'invite', amount: '70' });
    await line(app, a.id, 1, { bonus: 'invite', amount: '-20' }); // a refund took part back
    await line(app, a.id, 2, { bonus: 'vp', amount: '3' });
    await line(app, a.id, 2, { bonus: 'vp', amount: '-3' }); // all of it: the month's vp is gone
    await line(app, a.id, 11, { bonus: 'quick_start', amount: '40' });
    await line(app, a.id, 12, { bonus: 'quick_start', amount: '99' }); // outside 12 months
    await line(app, a.id, 23, { bonus: 'leader_pool', amount: '1' });
    // Not income: another currency, another operation, a line not completed, another partner's.
    await line(app, a.id, 0, { bonus: 'matching_dexnet', currency: 'DXN', amount: '7.77' });
    await line(app, a.id, 0, { type: 'deposit', bonus: null, amount: '500' });
    await line(app, a.id, 0, { amount: '1111', status: 'pending' });
    await line(app, b.id, 0, { amount: '888' });

    const answer = await post(app, URL, {}, a.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual([
      { month: monthBack(11), bonus_type: 'quick_start', amount: '40.000000' },
      { month: monthBack(1), bonus_type: 'invite', amount: '50.000000' },
      { month: monthBack(0), bonus_type: 'binary', amount: '123.450000' },
      { month: monthBack(0), bonus_type: 'matching', amount: '5.000000' },
    ]);

    const two = await post(app, URL, { months: 2 }, a.token);
    expect(two.body.map((row: { month: string }) => row.month)).toEqual([
      monthBack(1),
      monthBack(0),
      monthBack(0),
    ]);
    const all = await post(app, URL, { months: 24 }, a.token);
    expect(all.body[0]).toEqual({ month: monthBack(23), bonus_type: 'leader_pool', amount: '1.000000' });
    expect(all.body).toHaveLength(6);

    const other = await post(app, URL, {}, b.token);
    expect(other.body).toEqual([{ month: monthBack(0), bonus_type: 'binary', amount: '888.000000' }]);
  });

  it('refuses a window outside 1..24 months, extra fields and a caller not signed in', async () => {
    const app = await testApp();
    const a = await registerPartner(app);
    for (const body of [{ months: 0 }, { months: 25 }, { months: 1.5 }, { months: 3, user_id: 1 }]) {
      expect((await post(app, URL, body, a.token)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(app, URL, {})).status).toBe(401);
  });

  it('counts months in UTC from the first of the month', () => {
    expect(windowStart(new Date('2026-03-31T23:30:00Z'), 1).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(windowStart(new Date('2026-03-01T00:00:00Z'), 12).toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(windowStart(new Date('2026-01-10T00:00:00Z'), 24).toISOString()).toBe('2024-02-01T00:00:00.000Z');
  });
});
