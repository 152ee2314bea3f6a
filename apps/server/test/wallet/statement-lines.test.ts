import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { recordOperations, type TOperation } from '../../src/modules/statement/service';
import { testApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

describe('statement lines in bulk', () => {
  it('writes 8,000 lines in one statement (more than PostgreSQL takes parameters of ten columns), each once', async () => {
    const app = await testApp();
    const partners = await Promise.all([registerPartner(app), registerPartner(app)]);
    const lines: TOperation[] = Array.from({ length: 8000 }, (_, index) => ({
      userId: partners[index % 2]!.id,
      operationType: 'bonus',
      bonusType: index % 3 === 0 ? 'invite' : 'matching',
      currency: 'USDT',
      amount: BigInt(index + 1),
      status: 'completed',
      reference: `bulk:${index}`,
      details: { payout_id: index, note: index % 2 === 0 ? 'a "quoted" \\ line' : null },
    }));
    await app.database.db.transaction((tx) => recordOperations(tx, lines));
    // Again: each reference is written once.
    await app.database.db.transaction((tx) => recordOperations(tx, lines.slice(0, 10)));
    const [row] = await queryRows<{ n: number; total: string; quoted: string }>(
      app.database.db,
      sql`select count(*)::int as n, sum(amount)::text as total,
                 (select details->>'note' from wallet_operations where reference = 'bulk:0') as quoted
          from wallet_operations where reference like 'bulk:%'`,
    );
    expect(row).toEqual({ n: 8000, total: String((8000 * 8001) / 2), quoted: 'a "quoted" \\ line' });
    const byUser = await queryRows<{ user_id: number; n: number }>(
      app.database.db,
      sql`select user_id::int, count(*)::int as n from wallet_operations where reference like 'bulk:%' group by 1 order by 1`,
    );
    expect(byUser).toEqual(
      partners.map((partner) => ({ user_id: partner.id, n: 4000 })).sort((a, b) => a.user_id - b.user_id),
    );
  });
});
