import { minor } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../../src/modules/ledger/accounts';
import { claimDueGrantsQuery } from '../../src/modules/dft/repo';
import { unlockAllDue } from '../../src/modules/dft/service';
import { postTransfer, type TLeg } from '../../src/modules/ledger/service';
import { testApp } from '../helpers/app';
import { ledgerHealth } from '../helpers/money';

const GRANT = 12_00000000n; // 12 DFT: a twelfth is 1 DFT

describe('the DFT unlock job', () => {
  it(
    'drains every due grant in batches, by the due-time index, once across concurrent runs',
    { timeout: 120_000 },
    async () => {
      const app = await testApp();
      const { db } = app.database;
      // 600 partners with two twelfths due (the old job took 500 an hour), 30 with none due yet
      // and 20 fully unlocked, their locked DFT granted in transfers of 51 legs.
      const ids = (
        await queryRows<{ id: number }>(
          db,
          sql`insert into users (email, first_name, last_name, referral_id)
            select 'dft' || n || '@example.com', 'Dft', 'Partner', 'DFT' || n from generate_series(1, 650) n
            returning id::int`,
        )
      ).map((row) => row.id);
      for (let start = 0; start < ids.length; start += 50) {
        const some = ids.slice(start, start + 50);
        await db.transaction((tx) =>
          postTransfer(tx, {
            operationType: 'bonus',
            bonusType: 'dft',
            reference: `grants:${start}`,
            legs: [
              ...some.map((id): TLeg => ({
                account: userAccount(id, 'DFT', 'dft_locked'),
                amount: minor(GRANT, 'DFT'),
              })),
              {
                account: companyAccount('DFT', COMPANY_PURPOSES.dftIssued),
                amount: minor(-GRANT * BigInt(some.length), 'DFT'),
              },
            ],
          }),
        );
      }
      await db.execute(sql`insert into dft_grants (user_id, amount, reference, granted_at, unlocked_parts, next_unlock_at)
      select u.id, ${GRANT}, 'g' || u.id, g.at, g.parts, case when g.parts < 12 then g.at + (g.parts + 1) * interval '720 hours' end
        from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality u(id, n)
        cross join lateral (select case when u.n <= 600 then now() - interval '65 days'
                                        when u.n <= 630 then now() - interval '10 days'
                                        else now() - interval '400 days' end as at,
                                   case when u.n <= 630 then 0 else 12 end as parts) g`);
      // The fully unlocked ones hold nothing locked any more.
      const done = ids.slice(630);
      await db.transaction((tx) =>
        postTransfer(tx, {
          operationType: 'transfer',
          bonusType: 'dft',
          reference: 'done',
          legs: done.flatMap((id): TLeg[] => [
            { account: userAccount(id, 'DFT', 'dft_locked'), amount: minor(-GRANT, 'DFT') },
            { account: userAccount(id, 'DFT', 'dft_available'), amount: minor(GRANT, 'DFT') },
          ]),
        }),
      );

      const plan = (
        await queryRows<Record<string, string>>(db, sql`explain ${claimDueGrantsQuery(db, new Date(), 100)}`)
      )
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toMatch(/dft_grants_next_unlock_idx/);
      expect(plan).not.toMatch(/Seq Scan/);

      // Two runs at once (two connections on PostgreSQL): each grant is claimed by one of them.
      const runs = await Promise.all([unlockAllDue(db, new Date(), 100), unlockAllDue(db, new Date(), 100)]);
      expect(runs[0] + runs[1]).toBe(600);
      expect(await unlockAllDue(db)).toBe(0);

      const rows = await queryRows<{
        parts: number;
        locked: string;
        available: string;
        transfers: string;
        n: string;
      }>(
        db,
        sql`select g.unlocked_parts as parts,
                 (select balance from ledger_accounts where user_id = g.user_id and currency = 'DFT' and purpose = 'dft_locked')::text as locked,
                 (select balance from ledger_accounts where user_id = g.user_id and currency = 'DFT' and purpose = 'dft_available')::text as available,
                 (select count(*) from ledger_transfers t where t.reference like 'dft:unlock:' || g.id || ':%')::text as transfers,
                 count(*)::text as n
            from dft_grants g group by 1, 2, 3, 4 order by 1`,
      );
      expect(rows).toEqual([
        { parts: 0, locked: '1200000000', available: null, transfers: '0', n: '30' },
        { parts: 2, locked: '1000000000', available: '200000000', transfers: '1', n: '600' },
        { parts: 12, locked: '0', available: '1200000000', transfers: '0', n: '20' },
      ]);
      const [next] = await queryRows<{ wrong: string }>(
        db,
        sql`select count(*)::text as wrong from dft_grants
           where next_unlock_at is distinct from case when unlocked_parts < 12 then granted_at + (unlocked_parts + 1) * interval '720 hours' end
             and unlocked_parts <> 2`,
      );
      expect(next!.wrong).toBe('0');
      expect((await ledgerHealth(app)).ok).toBe(true);
    },
  );
});
