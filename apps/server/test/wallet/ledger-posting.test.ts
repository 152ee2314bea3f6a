import { minor } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../src/db/client';
import * as schema from '../../src/schema';
import { ledgerTransfers } from '../../src/schema';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../../src/modules/ledger/accounts';
import { balanceRows, balancesOf } from '../../src/modules/ledger/balances';
import { InsufficientFundsError, postTransfer, type TLeg } from '../../src/modules/ledger/service';
import { testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

/** The same database through a drizzle that records every statement it runs. */
function recording(app: TTestApp): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (app.database.db as unknown as { $client: never }).$client;
  const db = (app.database.driver === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
  return { db, statements };
}

async function users(app: TTestApp, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    app.database.db,
    sql`insert into users (email, first_name, last_name, referral_id)
        select 'leg' || n || '@example.com', 'Leg', 'Partner', 'LEG' || n from generate_series(1, ${count}) n
        returning id::int`,
  );
  return rows.map((row) => row.id);
}

const fund = (db: Db, userId: number, amount: bigint) =>
  db.transaction((tx) =>
    postTransfer(tx, {
      operationType: 'deposit',
      reference: `fund:${userId}`,
      legs: [
        { account: userAccount(userId, 'USDT'), amount: minor(amount, 'USDT') },
        { account: companyAccount('USDT', COMPANY_PURPOSES.chain), amount: minor(-amount, 'USDT') },
      ],
    }),
  );

/** The message of a failed statement (drizzle wraps the database's error). */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

/** Six payers each pay `paid[i]` to one of six payees: twelve user legs. */
function twelveLegs(payers: number[], payees: number[], paid: bigint[]): TLeg[] {
  return [
    ...payers.map((id, i) => ({ account: userAccount(id, 'USDT'), amount: minor(-paid[i]!, 'USDT') })),
    ...payees.map((id, i) => ({ account: userAccount(id, 'USDT'), amount: minor(paid[i]!, 'USDT') })),
  ];
}

const usdt = async (app: TTestApp, ids: number[]) =>
  (
    await queryRows<{ balance: string }>(
      app.database.db,
      sql`select coalesce((select balance from ledger_accounts where user_id = u.id and currency = 'USDT' and purpose = 'main'), 0)::text as balance
          from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as u(id, n) order by n`,
    )
  ).map((row) => BigInt(row.balance));

describe('a transfer of many legs', () => {
  it('balances across twelve legs, and is refused whole when one leg overdraws', async () => {
    const app = await testApp();
    const { db } = app.database;
    const ids = await users(app, 12);
    const payers = ids.slice(0, 6);
    const payees = ids.slice(6);
    for (const id of payers) await fund(db, id, 100n);

    await db.transaction((tx) =>
      postTransfer(tx, {
        operationType: 'adjustment',
        reference: 'twelve',
        legs: twelveLegs(payers, payees, [10n, 20n, 30n, 40n, 50n, 100n]),
      }),
    );
    expect(await usdt(app, ids)).toEqual([90n, 80n, 70n, 60n, 50n, 0n, 10n, 20n, 30n, 40n, 50n, 100n]);

    // The fourth payer has 60: paying 61 overdraws it, and nothing of the transfer is written,
    // not the legs before it in id order nor after it (the sixth payee pays the sixth payer).
    const error = await db
      .transaction((tx) =>
        postTransfer(tx, {
          operationType: 'adjustment',
          reference: 'overdraw',
          legs: twelveLegs(payers.slice(0, 5).concat(payees[5]!), payees.slice(0, 5).concat(payers[5]!), [
            1n,
            1n,
            1n,
            61n,
            1n,
            1n,
          ]),
        }),
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect((error as InsufficientFundsError).account).toEqual(userAccount(payers[3]!, 'USDT'));
    expect(await usdt(app, ids)).toEqual([90n, 80n, 70n, 60n, 50n, 0n, 10n, 20n, 30n, 40n, 50n, 100n]);
    expect(await countRows(app, ledgerTransfers)).toBe(7);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('posting in a few statements', () => {
  it('posts a transfer of twelve legs in one statement, a bonus with its counters too', async () => {
    const app = await testApp();
    const { db } = app.database;
    const ids = await users(app, 12);
    for (const id of ids.slice(0, 6)) await fund(db, id, 100n);
    const recorder = recording(app);
    const count = (legs: TLeg[], reference: string, bonus = false) =>
      recorder.db.transaction(async (tx) => {
        recorder.statements.length = 0;
        await postTransfer(tx, {
          operationType: bonus ? 'bonus' : 'adjustment',
          bonusType: bonus ? 'matching' : null,
          reference,
          legs,
        });
        return recorder.statements.length;
      });
    // The transfer, its balances, its postings: one statement whatever the number of legs, also
    // the first time, when it opens the six payees' accounts.
    const pay = (amounts: bigint[]) => twelveLegs(ids.slice(0, 6), ids.slice(6), amounts);
    expect(await count(pay([1n, 2n, 3n, 4n, 5n, 6n]), 'first')).toBe(1);
    expect(await count(pay([1n, 1n, 1n, 1n, 1n, 1n]), 'twelve')).toBe(1);
    const bonus: TLeg[] = [
      ...ids.map((id) => ({ account: userAccount(id, 'USDT'), amount: minor(5n, 'USDT') })),
      { account: companyAccount('USDT', COMPANY_PURPOSES.chain), amount: minor(-60n, 'USDT') },
    ];
    expect(await count(bonus, 'bonus', true)).toBe(1);
    // Posted once: the second time finds the transfer and moves nothing.
    expect(await count(bonus, 'bonus', true)).toBe(2);
    expect((await usdt(app, ids)).slice(5, 7)).toEqual([98n, 7n]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('refuses at the end of the statement postings of a transfer that do not balance', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const { db } = app.database;
    await fund(db, partner.id, 100n);
    // Added to a posted transfer, rows must balance among themselves too.
    expect(
      await failure(
        db.execute(sql`insert into ledger_postings (transfer_id, account_id, currency, amount)
        select t.id, a.id, 'USDT', 5 from ledger_transfers t, ledger_accounts a
         where t.reference = ${`fund:${partner.id}`} and a.user_id = ${partner.id}`),
      ),
    ).toMatch(/does not balance/);
    // Balanced in one currency and not in another.
    expect(
      await failure(
        db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into ledger_transfers (operation_type, reference) values ('adjustment', 'rogue')`,
          );
          await tx.execute(
            sql`insert into ledger_accounts (user_id, currency, purpose) values (${partner.id}, 'DXN', 'main')`,
          );
          await tx.execute(sql`insert into ledger_postings (transfer_id, account_id, currency, amount)
          select t.id, a.id, a.currency, case a.currency when 'USDT' then 0 else 1 end + case when a.user_id is null then -1 else 1 end
            from ledger_transfers t, ledger_accounts a
           where t.reference = 'rogue' and (a.user_id = ${partner.id} or (a.purpose = 'company:chain' and a.currency = 'USDT'))`);
        }),
      ),
    ).toMatch(/does not balance/);
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('lifetime bonus totals', () => {
  it('are counters equal to the sums of the history, read in the one profile statement', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    const { db } = app.database;
    let n = 0;
    const bonus = (
      bonusType: string | null,
      amounts: [number, bigint][],
      currency: 'USDT' | 'DXN' = 'USDT',
    ) =>
      db.transaction((tx) =>
        postTransfer(tx, {
          operationType: 'bonus',
          bonusType: bonusType as never,
          reference: `bonus:${++n}`,
          legs: [
            ...amounts.map(([userId, amount]) => ({
              account: userAccount(userId, currency),
              amount: minor(amount, currency),
            })),
            {
              account: companyAccount(currency, COMPANY_PURPOSES.sales),
              amount: minor(-amounts.reduce((sum, [, amount]) => sum + amount, 0n), currency),
            },
          ] as TLeg[],
        }),
      );
    await bonus('matching', [
      [partner.id, 5n],
      [other.id, 1000n],
    ]);
    await bonus('matching_dexnet', [[partner.id, 7n]]);
    await bonus('annual_matching', [[partner.id, 9n]]);
    await bonus('vp', [
      [partner.id, 11n],
      [other.id, 3n],
    ]);
    await bonus('invite', [[partner.id, 13n]]);
    await bonus('binary', [[partner.id, 17n]]);
    await bonus(null, [[partner.id, 19n]]);
    await bonus('invite', [[partner.id, 23n]], 'DXN'); // not a USDT total
    await bonus('invite', [[partner.id, -2n]]); // a reversal (a refund): the totals lose what it took
    await db.transaction((tx) =>
      postTransfer(tx, {
        operationType: 'deposit', // not a bonus
        reference: 'deposit',
        legs: [
          { account: userAccount(partner.id, 'USDT'), amount: minor(31n, 'USDT') },
          { account: companyAccount('USDT', COMPANY_PURPOSES.chain), amount: minor(-31n, 'USDT') },
        ],
      }),
    );

    const header = await balances(app, partner.token);
    expect([header.matching_bonus, header.vp_bonus, header.other_bonuses]).toEqual([
      '0.000021',
      '0.000011',
      '0.000047',
    ]);
    expect((await balances(app, other.token)).matching_bonus).toBe('0.001000');
    // The same as summing the history, credits less reversals (migrations 0013 and 0018).
    for (const user of [partner, other]) {
      const history = await queryRows<{ group: string; amount: string }>(
        db,
        sql`select case when t.bonus_type in ('matching', 'matching_dexnet', 'annual_matching') then 'matching'
                        when t.bonus_type = 'vp' then 'vp' else 'other' end as group, sum(p.amount)::text as amount
              from ledger_accounts a join ledger_postings p on p.account_id = a.id
              join ledger_transfers t on t.id = p.transfer_id and t.operation_type = 'bonus'
             where a.user_id = ${user.id} and a.currency = 'USDT' group by 1 order by 1`,
      );
      const counters = await queryRows<{ group: string; amount: string }>(
        db,
        sql`select bonus_group as group, amount::text from ledger_bonus_totals where user_id = ${user.id} order by 1`,
      );
      expect(counters).toEqual(history);
    }

    // One statement, reading no postings.
    const recorder = recording(app);
    await balancesOf(recorder.db, partner.id);
    expect(recorder.statements).toHaveLength(1);
    const plan = (
      await queryRows<Record<string, string>>(
        db,
        sql`explain select ${balanceRows(sql`${partner.id}::bigint`)}`,
      )
    )
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).not.toMatch(/ledger_postings|ledger_transfers/);
    expect(plan).toMatch(/ledger_bonus_totals/);
  });
});
