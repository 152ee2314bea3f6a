import { CURRENCIES, minor } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../../src/modules/ledger/accounts';
import {
  InsufficientFundsError,
  leg,
  paymentParts,
  postTransfer,
  type TLeg,
} from '../../src/modules/ledger/service';
import { call, post, testApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';
import { queryRows, withParts } from '../../src/db/client';
import { uniqueViolation } from '../../src/db/errors';
import { transferStatement } from '../../src/modules/ledger/repo';
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../../src/schema';

const deposit = (userId: number, amount: bigint, reference: string) => ({
  operationType: 'deposit' as const,
  reference,
  legs: [
    { account: userAccount(userId, 'USDT'), amount: minor(amount, 'USDT') },
    { account: companyAccount('USDT', COMPANY_PURPOSES.chain), amount: minor(-amount, 'USDT') },
  ],
});

describe('ledger transfers', () => {
  it("types a leg's amount by its account's currency (checked by the typecheck)", () => {
    const currency = 'DXN' as 'USDT' | 'DXN';
    const legs: TLeg[] = [
      { account: userAccount(1, 'USDT'), amount: minor(5n, 'USDT') },
      // @ts-expect-error a DXN amount on a USDT account
      { account: userAccount(1, 'USDT'), amount: minor(5n, 'DXN') },
      // @ts-expect-error a bare bigint names no currency
      { account: userAccount(1, 'USDT'), amount: 5n },
      leg(userAccount(1, currency), minor(5n, currency)),
      // @ts-expect-error the same with a currency known at run time
      leg(userAccount(1, currency), minor(5n, 'DFT')),
    ];
    expect(legs).toHaveLength(5);
  });

  it('moves money in balanced transfers, once per reference', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const db = app.database.db;
    const first = await db.transaction((tx) =>
      postTransfer(tx, deposit(partner.id, 12_500_000n, 'chain:test:1')),
    );
    const again = await db.transaction((tx) =>
      postTransfer(tx, deposit(partner.id, 12_500_000n, 'chain:test:1')),
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect((await balances(app, partner.token)).usdt).toBe('12.500000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect(await countRows(app, ledgerPostings)).toBe(2);
  });

  it('refuses a transfer that does not balance, before writing anything', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await expect(
      app.database.db.transaction((tx) =>
        postTransfer(tx, {
          operationType: 'adjustment',
          reference: 'bad',
          legs: [
            { account: userAccount(partner.id, 'USDT'), amount: minor(5n, 'USDT') },
            { account: companyAccount('USDT', COMPANY_PURPOSES.adjustments), amount: minor(-4n, 'USDT') },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await countRows(app, ledgerTransfers)).toBe(0);
  });

  it('never takes a user balance below zero, and then writes nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const db = app.database.db;
    await db.transaction((tx) => postTransfer(tx, deposit(partner.id, 10n, 'in')));
    await expect(
      db.transaction((tx) => postTransfer(tx, deposit(partner.id, -11n, 'out'))),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect((await balances(app, partner.token)).usdt).toBe('0.000010');
  });

  it('keeps postings append-only and every transfer balanced, in the database itself', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const db = app.database.db;
    await db.transaction((tx) => postTransfer(tx, deposit(partner.id, 100n, 'in')));
    await expect(db.execute(sql`update ledger_postings set amount = amount * 2`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    await expect(db.execute(sql`update ledger_transfers set reference = 'x'`)).rejects.toThrow();
    // A transfer written around the service, one-sided, is refused when it commits.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_transfers (operation_type, reference) values ('adjustment', 'rogue')`,
        );
        await tx.execute(sql`insert into ledger_postings (transfer_id, account_id, currency, amount)
          select t.id, a.id, 'USDT', 5 from ledger_transfers t, ledger_accounts a where t.reference = 'rogue' and a.user_id = ${partner.id}`);
      }),
    ).rejects.toThrow();
    expect(await countRows(app, ledgerPostings)).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('ledger accounts', () => {
  it('a transfer finds its accounts by the unique index, also among many and without statistics', async () => {
    const app = await testApp();
    const { db } = app.database;
    await db.execute(sql`insert into users (email, first_name, last_name, referral_id)
      select 'many' || n || '@example.com', 'Many', 'Accounts', 'MANY' || n from generate_series(1, 3000) n`);
    await db.execute(sql`insert into ledger_accounts (user_id, currency, purpose)
      select u.id, c.currency, 'main' from users u cross join (values ('USDT'), ('DXN')) c(currency)
      on conflict do nothing`);
    const statement = transferStatement({
      operationType: 'deposit',
      bonusType: null,
      reference: 'plan',
      details: {},
      userLegs: [{ userId: 1500, currency: 'USDT', purpose: 'main', amount: 5n }],
      companyLegs: [{ currency: 'USDT', purpose: COMPANY_PURPOSES.chain, amount: -5n }],
      bonusTotals: [],
    });
    const rows = await queryRows<Record<string, string>>(db, sql`explain ${statement}`);
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    expect(plan).not.toMatch(/Seq Scan on ledger_accounts/);
    expect(plan).toMatch(/ledger_accounts_owner_key/);
  });

  it("a purchase's payment finds its accounts by the unique index too, and pays only from a balance that holds it", async () => {
    const app = await testApp();
    const { db } = app.database;
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '10');
    const pay = (reference: string, amount: bigint) => {
      const payment = paymentParts({
        operationType: 'purchase',
        reference,
        from: userAccount(partner.id, 'USDT'),
        to: COMPANY_PURPOSES.sales,
        amount: minor(amount, 'USDT'),
      });
      return { payment, statement: sql`with ${withParts(payment.parts)} select ${payment.paid} as paid` };
    };
    const rows = await queryRows<Record<string, string>>(db, sql`explain ${pay('plan', 1n).statement}`);
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    expect(plan).not.toMatch(/Seq Scan on ledger_accounts/);
    expect(plan).toMatch(/ledger_accounts_owner_key/);
    const paid = async (reference: string, amount: bigint) =>
      (await db.transaction((tx) => queryRows<{ paid: boolean }>(tx, pay(reference, amount).statement)))[0]!
        .paid;
    expect(await paid('purchase:short', 10_000_001n)).toBe(false);
    expect(await countRows(app, ledgerTransfers, sql`reference = 'purchase:short'`)).toBe(0);
    expect(await paid('purchase:all', 10_000_000n)).toBe(true);
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect(
      await countRows(
        app,
        ledgerPostings,
        sql`transfer_id = (select id from ledger_transfers where reference = 'purchase:all')`,
      ),
    ).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
    // A reference is paid once: the same one again is refused whole.
    await adjust(app, partner.id, 'USDT', '1');
    const again = await paid('purchase:all', 1n).then(() => 'paid', uniqueViolation);
    expect(again).toBe('ledger_transfers_reference_key');
    expect((await balances(app, partner.token)).usdt).toBe('1.000000');
  });

  it("are open for every company purpose and currency from the start (the migrations'), none with a balance", async () => {
    const app = await testApp();
    const rows = await queryRows<{ currency: string; purpose: string; balance: string }>(
      app.database.db,
      sql`select currency, purpose, balance::text from ledger_accounts where user_id is null`,
    );
    const expected = Object.values(COMPANY_PURPOSES).flatMap((purpose) =>
      CURRENCIES.map((currency) => ({ currency, purpose, balance: '0' })),
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two first transfers at once to a company account not open yet: both post, one account',
    async () => {
      const app = await testApp();
      const { db } = app.database;
      const partners = await Promise.all([registerPartner(app), registerPartner(app)]);
      const purposes = [
        COMPANY_PURPOSES.chain,
        COMPANY_PURPOSES.card,
        COMPANY_PURPOSES.adjustments,
        COMPANY_PURPOSES.withdrawalFees,
        COMPANY_PURPOSES.dxnIssued,
      ];
      // Each round, a company account the migrations opened is taken away, and two transfers
      // open it at once.
      for (const purpose of purposes) {
        await db.execute(sql`delete from ledger_accounts where user_id is null and purpose = ${purpose}`);
        await Promise.all(
          partners.map((partner) =>
            db.transaction((tx) =>
              postTransfer(tx, {
                operationType: 'adjustment',
                reference: `race:${purpose}:${partner.id}`,
                legs: [
                  { account: userAccount(partner.id, 'USDT'), amount: minor(1n, 'USDT') },
                  { account: companyAccount('USDT', purpose), amount: minor(-1n, 'USDT') },
                ],
              }),
            ),
          ),
        );
        expect(
          await countRows(
            app,
            ledgerAccounts,
            sql`user_id is null and currency = 'USDT' and purpose = ${purpose}`,
          ),
        ).toBe(1);
      }
      expect((await balances(app, partners[0].token)).usdt).toBe('0.000005');
      expect((await ledgerHealth(app)).ok).toBe(true);
    },
  );

  it('opens the accounts a transfer names the first time, then moves the same rows', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const { db } = app.database;
    await db.execute(
      sql`delete from ledger_accounts where user_id is null and purpose = ${COMPANY_PURPOSES.chain}`,
    );
    await db.transaction((tx) => postTransfer(tx, deposit(partner.id, 7n, 'first')));
    await db.transaction((tx) => postTransfer(tx, deposit(partner.id, 5n, 'second')));
    const accounts = await queryRows<{ user_id: string | null; purpose: string; balance: string }>(
      db,
      sql`select user_id::text, purpose, balance::text from ledger_accounts
          where user_id = ${partner.id} or purpose = ${COMPANY_PURPOSES.chain} order by purpose`,
    );
    expect(accounts).toEqual([
      { user_id: null, purpose: COMPANY_PURPOSES.chain, balance: '0' },
      { user_id: String(partner.id), purpose: 'main', balance: '12' },
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('admin ledger calls', () => {
  it('reports the invariants and a kept balance that drifted from its postings', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '25');
    const healthy = await ledgerHealth(app);
    expect(healthy).toMatchObject({
      ok: true,
      unbalanced_transfers: 0,
      mismatched_accounts: [],
      negative_user_accounts: 0,
    });
    expect(healthy.currencies).toEqual([
      { currency: 'USDT', postings_sum: '0', balanced: true },
      { currency: 'DXN', postings_sum: '0', balanced: true },
      { currency: 'DFT', postings_sum: '0', balanced: true },
    ]);
    await app.database.db.execute(
      sql`update ledger_accounts set balance = balance + 1 where user_id = ${partner.id}`,
    );
    const drifted = await ledgerHealth(app);
    expect(drifted.ok).toBe(false);
    expect(drifted.mismatched_accounts).toEqual([
      expect.objectContaining({ cached: '25000001', postings: '25000000' }),
    ]);
  });

  it('adjusts a balance up and down, never below zero, with the reason in the statement', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    await adjust(app, partner.id, 'DXN', '3.5');
    const debit = await post(
      app,
      '/api/v1/admin/ledger/adjustments/',
      { user_id: partner.id, currency: 'DXN', amount: '-4', reason: 'x' },
      admin,
    );
    expect(debit).toMatchObject({
      status: 400,
      body: { amount: ['Amount is bigger than your available balance.'] },
    });
    await adjust(app, partner.id, 'DXN', '-1.5');
    expect((await balances(app, partner.token)).dexnet).toBe('2.00000000');
    const statement = await post(app, '/api/v1/payments/finances/', {}, partner.token);
    expect(
      statement.body.results.map((row: any) => [row.operation_type, row.amount, row.details.reason]),
    ).toEqual([
      ['adjustment', '-1.50000000', 'test'],
      ['adjustment', '3.50000000', 'test'],
    ]);
    expect(
      (
        await post(
          app,
          '/api/v1/admin/ledger/adjustments/',
          { user_id: partner.id, currency: 'DXN', amount: '1', reason: 'x' },
          partner.token,
        )
      ).status,
    ).toBe(403);
  });

  it('is idempotent: the same key and body answer again and move nothing; another body answers 409', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    const body = { user_id: partner.id, currency: 'USDT', amount: '10', reason: 'bonus fix' };
    const send = (payload: object, key = 'adj-1') =>
      call(app, 'POST', '/api/v1/admin/ledger/adjustments/', {
        body: payload,
        token: admin,
        headers: { 'idempotency-key': key },
      });
    const first = await send(body);
    const replays = await Promise.all([send(body), send({ ...body, reason: 'bonus fix' })]);
    expect(first.status).toBe(201);
    for (const replay of replays) {
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect((await balances(app, partner.token)).usdt).toBe('10.000000');
    const conflict = await send({ ...body, amount: '11' });
    expect(conflict).toMatchObject({
      status: 409,
      body: { detail: 'This Idempotency-Key was used for a different request.' },
    });
    expect((await send(body, 'adj-2')).status).toBe(201);
    expect((await balances(app, partner.token)).usdt).toBe('20.000000');
    const bad = await send(body, 'bad key with spaces');
    expect(bad).toMatchObject({
      status: 400,
      body: { non_field_errors: [expect.stringContaining('Idempotency-Key')] },
    });
  });
});
