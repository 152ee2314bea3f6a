// Growth of the ledger and the statement (docs/growth.md): `npm run bench:growth -- --rows N`.
//
// On PostgreSQL, in a database of its own: `ledger_postings` and `wallet_operations` twice, as the
// migrations make them (schema `plain`) and partitioned by month on `created_at` (schema `monthly`),
// with the same rows: `--rows` postings (8 per transfer: 7 partners' legs and a company leg) and
// `--wallet-rows` statement lines over `--months` months that grow (the last month holds three
// times the first), `--users` partners skewed as a network is (partner k's share falls as a power
// of k: the leaders are the first ids). Then the request-path reads and the writes on both,
// EXPLAIN (ANALYZE, BUFFERS), a warm-up round and `--runs` measured rounds taking turns; medians;
// a few reads again as named prepared statements, as the server runs them; last, on a database
// about to be dropped, the oldest month archived for real (plain: DELETE and VACUUM; monthly:
// DETACH and DROP).
//
// Options: --rows N (postings, 1000000), --wallet-rows N (rows / 10), --users N (rows / 100, at
// most 1000000), --months N (36), --runs N (3), --unlogged (the two tables load without WAL, for
// the 100,000,000 run; their insert figures are then without WAL too; users, accounts and
// transfers stay logged), --plans FILE (the plans of the last round; default in the temporary
// folder), --database NAME with --keep (keep it) or --measure-only (a database kept by an earlier
// run). BENCH_DATABASE_URL: where the bench makes (and drops) its database; default
// postgres://postgres@127.0.0.1:5432/test.
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentile } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'wallet-rows': { type: 'string' },
    users: { type: 'string' },
    months: { type: 'string', default: '36' },
    runs: { type: 'string', default: '3' },
    unlogged: { type: 'boolean', default: false },
    plans: { type: 'string' },
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'measure-only': { type: 'boolean', default: false },
  },
});
const TRANSFERS = Math.ceil(Number(values.rows) / 8);
const ROWS = TRANSFERS * 8;
const WALLET_ROWS = Number(values['wallet-rows'] ?? Math.round(ROWS / 10));
const USERS = Number(values.users ?? Math.min(1_000_000, Math.max(1000, Math.round(ROWS / 100))));
const MONTHS = Number(values.months);
const RUNS = Number(values.runs);
/** Whole-table reads (the admin health's sums) run once per round above this size. */
const HEAVY_ONCE = ROWS > 10_000_000;
const DATABASE = values.database ?? `growth_${process.pid}`;
const PLANS = values.plans ?? join(tmpdir(), `growth-plans-${ROWS}.txt`);
const UNLOGGED = values.unlogged ? 'unlogged' : '';
const VARIANTS = ['plain', 'monthly'];
/** Names this run's inserted references apart from an earlier run's on a kept database. */
const RUN = Date.now().toString(36);
/** Account ids: partner k's USDT, DXN and DFT accounts are k, USERS + k, 2 USERS + k; then the company's. */
const COMPANY = 3 * USERS;

const log = (...parts) => console.error(`[growth ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (value, digits = 2) => Number(value.toFixed(digits));
const median = (values) => percentile(values, 50);

const url = new URL(ADMIN_URL);
url.pathname = `/${DATABASE}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
if (!values['measure-only']) await admin.query(`create database ${DATABASE}`);
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const q = async (text) => (await db.query(text)).rows;
const timedQuery = async (text) => {
  const start = process.hrtime.bigint();
  await db.query(text);
  return Number(process.hrtime.bigint() - start) / 1e6;
};

// ---- the window: MONTHS months, the last one the current month -------------------------------------

const [{ start, end }] = await q(
  `select (date_trunc('month', now() at time zone 'UTC') - interval '${MONTHS - 1} months')::text as start,
          now()::text as end`,
);
const monthStart = (index) => `(timestamp '${start}' + interval '${index} months') at time zone 'UTC'`;
const monthNames = (
  await q(
    `select to_char(timestamp '${start}' + make_interval(months => m), '"y"YYYY"m"MM') as name
       from generate_series(0, ${MONTHS}) m`,
  )
).map((row) => row.name);
/** The time of the F-th fraction of the rows: the rate grows linearly to three times the first month's. */
const timeAt = (fraction) =>
  `(timestamp '${start}' at time zone 'UTC') + (timestamptz '${end}' - (timestamp '${start}' at time zone 'UTC')) * ((sqrt(1 + 8 * (${fraction})) - 1) / 2)`;

// ---- schema: as the migrations make it (0000, 0001, 0002, 0006, 0013), and partitioned by month --------

const POSTING_COLUMNS = `
  id bigint generated always as identity,
  transfer_id bigint not null,
  account_id bigint not null,
  currency text not null,
  amount bigint not null,
  created_at timestamptz default now() not null,
  constraint ledger_postings_amount_check check (amount <> 0)`;
const OPERATION_COLUMNS = `
  id bigint generated always as identity,
  user_id bigint not null,
  operation_type text not null,
  bonus_type text,
  currency text not null,
  amount bigint not null,
  status text not null,
  confirmations integer,
  hash text,
  details jsonb default '{}'::jsonb not null,
  reference text not null,
  created_at timestamptz default now() not null,
  updated_at timestamptz default now() not null`;

async function createSchema() {
  await db.query(`
    create schema plain;
    create schema monthly;
    create table users (id bigint primary key);
    create table ledger_accounts (
      id bigint primary key generated always as identity,
      user_id bigint references users (id),
      currency text not null,
      purpose text not null,
      balance bigint default 0 not null,
      created_at timestamptz default now() not null,
      constraint ledger_accounts_owner_key unique nulls not distinct (user_id, currency, purpose),
      constraint ledger_accounts_user_balance_check check (user_id is null or balance >= 0),
      constraint ledger_accounts_currency_check check (currency in ('USDT', 'DXN', 'DFT')));
    create table ledger_transfers (
      id bigint primary key generated always as identity,
      operation_type text not null,
      bonus_type text,
      reference text not null,
      details jsonb default '{}'::jsonb not null,
      created_at timestamptz default now() not null);
    create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are append-only: % on % refused', tg_op, tg_table_name
        using errcode = 'integrity_constraint_violation';
    end $$;
    create function ledger_check_balanced() returns trigger language plpgsql as $$
    declare
      unbalanced bigint;
    begin
      select transfer_id into unbalanced from new_postings
       group by transfer_id, currency having sum(amount) <> 0 limit 1;
      if found then
        raise exception 'ledger transfer % does not balance', unbalanced
          using errcode = 'integrity_constraint_violation';
      end if;
      return null;
    end $$;
    create ${UNLOGGED} table plain.ledger_postings (${POSTING_COLUMNS});
    create ${UNLOGGED} table plain.wallet_operations (${OPERATION_COLUMNS});
    create table monthly.ledger_postings (${POSTING_COLUMNS}) partition by range (created_at);
    create table monthly.wallet_operations (${OPERATION_COLUMNS}) partition by range (created_at);`);
  // One partition per month of the window and one for the next month (made ahead, as a job would).
  for (let index = 0; index <= MONTHS; index++)
    for (const table of ['ledger_postings', 'wallet_operations'])
      await db.query(
        `create ${UNLOGGED} table monthly.${table}_${monthNames[index]} partition of monthly.${table}
           for values from (${monthStart(index)}) to (${monthStart(index + 1)})`,
      );
}

/** Indexes, keys and triggers after the rows: what the migrations declare, per schema. */
async function finishSchema(schema) {
  const partitioned = schema === 'monthly';
  await db.query(`
    alter table ${schema}.ledger_postings add primary key ${partitioned ? '(id, created_at)' : '(id)'};
    create index ledger_postings_transfer_idx on ${schema}.ledger_postings (transfer_id);
    create index ledger_postings_account_idx on ${schema}.ledger_postings (account_id, id);
    alter table ${schema}.ledger_postings
      add constraint ledger_postings_transfer_id_fk foreign key (transfer_id) references ledger_transfers (id),
      add constraint ledger_postings_account_id_fk foreign key (account_id) references ledger_accounts (id);
    create trigger ledger_postings_append_only before update or delete on ${schema}.ledger_postings
      for each row execute function ledger_refuse_change();
    create trigger ledger_postings_balanced after insert on ${schema}.ledger_postings
      referencing new table as new_postings for each statement execute function ledger_check_balanced();
    alter table ${schema}.wallet_operations add primary key ${partitioned ? '(id, created_at)' : '(id)'};
    ${
      // A unique index of a partitioned table must hold the partition key: (reference) cannot be one.
      partitioned
        ? 'create index wallet_operations_reference_idx on monthly.wallet_operations (reference);'
        : 'create unique index wallet_operations_reference_key on plain.wallet_operations (reference);'
    }
    create index wallet_operations_user_date_id_idx on ${schema}.wallet_operations (user_id, created_at, id);
    create index wallet_operations_user_currency_amount_id_idx on ${schema}.wallet_operations (user_id, currency, amount, id);
    alter table ${schema}.wallet_operations
      add constraint wallet_operations_user_id_fk foreign key (user_id) references users (id);`);
  await db.query(`select setval(pg_get_serial_sequence('${schema}.ledger_postings', 'id'), ${ROWS})`);
  await db.query(
    `select setval(pg_get_serial_sequence('${schema}.wallet_operations', 'id'), ${WALLET_ROWS})`,
  );
}

// ---- rows ------------------------------------------------------------------------------------------

/** A partner's rank drawn with P(rank <= k) = (k / USERS)^(1 / power): rank 1 is the top leader. */
const skewedUser = (power) => `least(${USERS}, 1 + floor(${USERS} * random() ^ ${power}))::bigint`;

async function load() {
  const steps = {};
  const step = async (name, work) => {
    log(name);
    const start = process.hrtime.bigint();
    await (typeof work === 'string' ? db.query(work) : work());
    steps[name] = round(Number(process.hrtime.bigint() - start) / 1e9, 1);
  };
  await db.query(`set synchronous_commit = off; set maintenance_work_mem = '1GB'; set work_mem = '256MB';
                  set max_parallel_maintenance_workers = 0; set max_parallel_workers_per_gather = 0`);
  await createSchema();
  await step('users', `insert into users select generate_series(1, ${USERS})`);
  // A transfer is 7 partners' legs of one amount (a bonus batch) and the company's leg of minus 7
  // times it, in one currency (85% USDT, 10% DXN, 5% DFT), on one of 3 company accounts of it.
  await step(
    `${ROWS} postings, plain`,
    `select setseed(0.21);
     insert into plain.ledger_postings (id, transfer_id, account_id, currency, amount, created_at) overriding system value
     select (x.t - 1) * 8 + j, x.t,
            case when j < 8 then x.base + ${skewedUser(3)} else ${COMPANY} + x.base / ${USERS} * 3 + 1 + x.t % 3 end,
            x.currency, case when j < 8 then x.amount else -7 * x.amount end, x.at
       from (select t, case when t % 20 = 0 then 'DFT' when t % 20 < 3 then 'DXN' else 'USDT' end as currency,
                    case when t % 20 = 0 then ${2 * USERS} when t % 20 < 3 then ${USERS} else 0 end as base,
                    1 + floor(random() * 100000)::bigint as amount, ${timeAt(`t::float8 / ${TRANSFERS}`)} as at
               from generate_series(1, ${TRANSFERS}) t) x,
            generate_series(1, 8) j`,
  );
  await step(
    `${TRANSFERS} transfers`,
    `insert into ledger_transfers (id, operation_type, bonus_type, reference, details, created_at) overriding system value
     select t, 'bonus', (array['binary', 'matching', 'invite', 'vp'])[1 + t % 4], 'bonus:fold:' || t, '{}',
            ${timeAt(`t::float8 / ${TRANSFERS}`)}
       from generate_series(1, ${TRANSFERS}) t;
     create unique index ledger_transfers_reference_key on ledger_transfers (reference);
     create index ledger_transfers_operation_type_idx on ledger_transfers (operation_type, bonus_type);
     select setval(pg_get_serial_sequence('ledger_transfers', 'id'), ${TRANSFERS})`,
  );
  // Every partner has an account of each currency; their kept balances are their postings' sums.
  await step(
    'accounts',
    `insert into ledger_accounts (id, user_id, currency, purpose, balance) overriding system value
     select a.id, (a.id - 1) % ${USERS} + 1, (array['USDT', 'DXN', 'DFT'])[1 + (a.id - 1) / ${USERS}], 'main',
            coalesce(s.total, 0)
       from generate_series(1, ${COMPANY}) a(id)
       left join (select account_id, sum(amount) as total from plain.ledger_postings
                   where account_id <= ${COMPANY} group by account_id) s on s.account_id = a.id;
     insert into ledger_accounts (id, user_id, currency, purpose) overriding system value
     select ${COMPANY} + c * 3 + k, null, (array['USDT', 'DXN', 'DFT'])[1 + c], 'company:bonuses:' || k
       from generate_series(0, 2) c, generate_series(1, 3) k;
     select setval(pg_get_serial_sequence('ledger_accounts', 'id'), ${COMPANY + 9})`,
  );
  // The foreign keys' checks read these keys index-only: their visibility maps must be set.
  await step(
    'vacuum analyze the referenced tables',
    'vacuum (analyze) users, ledger_transfers, ledger_accounts',
  );
  // A statement line: 35% bonuses, 20% purchases, 20% deposits, 12% withdrawals, 8% transfers,
  // 3% adjustments, 2% refunds; chain lines carry a hash, bonus and purchase lines some details.
  await step(
    `${WALLET_ROWS} statement lines, plain`,
    `select setseed(0.42);
     insert into plain.wallet_operations (id, user_id, operation_type, bonus_type, currency, amount, status,
                                          confirmations, hash, details, reference, created_at, updated_at)
     overriding system value
     select i, u, op, case when op = 'bonus' then (array['binary', 'matching', 'invite', 'node_income', 'vp'])[1 + i % 5] end,
            case when op = 'bonus' and i % 4 = 0 then 'DXN' when i % 20 = 0 then 'DFT' else 'USDT' end,
            case when op in ('purchase', 'withdrawal') or (op = 'transfer' and i % 2 = 0) then -amount else amount end,
            case when op = 'withdrawal' then (array['sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'rejected', 'pending'])[1 + i % 10]
                 else 'completed' end,
            case when op = 'deposit' then 12 end,
            case when op in ('deposit', 'withdrawal') then '0x' || md5(i::text) || md5(u::text) end,
            case when op = 'bonus' then jsonb_build_object('payout_id', i, 'level', i % 10)
                 when op = 'purchase' then jsonb_build_object('order', 'A' || i, 'product', 'tariff-' || i % 6)
                 else '{}'::jsonb end,
            op || ':' || i, at, at
       from (select i, ${skewedUser(2.5)} as u, 1 + floor(random() * 1000000)::bigint as amount,
                    case when r < 0.35 then 'bonus' when r < 0.55 then 'purchase' when r < 0.75 then 'deposit'
                         when r < 0.87 then 'withdrawal' when r < 0.95 then 'transfer' when r < 0.98 then 'adjustment'
                         else 'refund' end as op,
                    ${timeAt(`i::float8 / ${WALLET_ROWS}`)} as at
               from (select i, random() as r from generate_series(1, ${WALLET_ROWS}) i) g) x`,
  );
  await step('indexes, keys, triggers: plain', () => finishSchema('plain'));
  await step(
    'postings and lines, monthly (routed from plain)',
    `insert into monthly.ledger_postings overriding system value select * from plain.ledger_postings;
     insert into monthly.wallet_operations overriding system value select * from plain.wallet_operations`,
  );
  await step('indexes, keys, triggers: monthly', () => finishSchema('monthly'));
  await step('vacuum analyze', 'vacuum (analyze)');
  await db.query('reset all');
  return steps;
}

// ---- measures -----------------------------------------------------------------------------------------

const plans = [];

/** EXPLAIN (ANALYZE, BUFFERS) of `text` on a variant: execution and planning ms, shared buffers, WAL bytes. */
async function explain(variant, text, { rollback = false } = {}) {
  await db.query(`set search_path = ${variant}, public`);
  if (rollback) await db.query('begin');
  try {
    const [{ lsn }] = await q('select pg_current_wal_insert_lsn()::text as lsn');
    const rows = await q(`explain (analyze, buffers) ${text}`);
    const [{ wal }] = await q(`select pg_current_wal_insert_lsn() - '${lsn}'::pg_lsn as wal`);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    const buffers = /Buffers: shared( hit=(\d+))?( read=(\d+))?/.exec(plan);
    return {
      plan,
      ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)[1]),
      planning: Number(/Planning Time: ([\d.]+) ms/.exec(plan)[1]),
      buffers: Number(buffers?.[2] ?? 0) + Number(buffers?.[4] ?? 0),
      wal: Number(wal),
    };
  } finally {
    if (rollback) await db.query('rollback');
  }
}

/** Client-side ms of statements run in a transaction that is rolled back (an archive tried). */
async function inRollback(variant, statements) {
  await db.query(`set search_path = ${variant}, public`);
  await db.query('begin');
  try {
    let ms = 0;
    for (const text of statements) ms += await timedQuery(text);
    return { ms, planning: 0, buffers: 0, wal: 0, plan: statements.join(';\n') };
  } finally {
    await db.query('rollback');
  }
}

/** Each measure on both variants, taking turns: a warm-up round, then RUNS rounds; medians. */
async function measureAll(measures) {
  const samples = new Map(measures.map((m) => [m.name, { plain: [], monthly: [] }]));
  for (let round = 0; round <= RUNS; round++) {
    log(round === 0 ? 'warm-up round' : `round ${round} of ${RUNS}`);
    for (const measure of measures) {
      if ((measure.once && round > 1) || (measure.cold && round === 0)) continue;
      for (const variant of VARIANTS) {
        const result = await measure.run(variant, round);
        if (round > 0) samples.get(measure.name)[variant].push(result);
        if (round === RUNS || (measure.once && round === 1))
          plans.push(`---- ${measure.name}: ${variant}\n${result.plan}\n`);
      }
    }
  }
  return measures.map((measure) => {
    const sampled = samples.get(measure.name);
    const summary = (variant) => ({
      ms: round(median(sampled[variant].map((s) => s.ms))),
      planning: round(median(sampled[variant].map((s) => s.planning))),
      buffers: median(sampled[variant].map((s) => s.buffers)),
      wal: median(sampled[variant].map((s) => s.wal)),
    });
    const plain = summary('plain');
    const monthly = summary('monthly');
    return { name: measure.name, plain, monthly, ratio: round(monthly.ms / plain.ms) };
  });
}

/**
 * What the server sees: each query as a named prepared statement (as the app runs them), CALLS
 * calls one after another after as many to warm up, client-side round trip; medians.
 */
const CALLS = 200;
async function measureCalls(calls) {
  log(`prepared calls, ${CALLS} each`);
  const results = [];
  for (const [name, text, params] of calls) {
    const times = { plain: [], monthly: [] };
    for (const variant of VARIANTS) {
      await db.query(`set search_path = ${variant}, public`);
      const statement = { name: `${variant}-${results.length}`, text, values: params };
      for (let call = 0; call < 2 * CALLS; call++) {
        const start = process.hrtime.bigint();
        await db.query(statement);
        if (call >= CALLS) times[variant].push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
    const plain = round(median(times.plain), 3);
    const monthly = round(median(times.monthly), 3);
    results.push({ name, plain, monthly, ratio: round(monthly / plain) });
  }
  return results;
}

const LINE_COLUMNS = `o.id, o.operation_type, o.bonus_type, o.currency, o.amount, o.status, o.confirmations,
  o.hash, o.details, o.created_at, null::bigint as payout_id`;
const ORDER = { '-date': 'created_at desc, id desc', '-amount': 'currency desc, amount desc, id desc' };
const orderOf = (ordering, alias) =>
  ORDER[ordering]
    .split(', ')
    .map((key) => `${alias}.${key}`)
    .join(', ');
/** The statement's page as statement/repo.ts `pageQuery` builds it (its wallet_operations branch). */
const pageQuery = (where, ordering, offset) =>
  `select l.id::text as id, l.operation_type, l.bonus_type, l.currency, l.amount::text as amount, l.status,
          l.confirmations, l.hash, l.details, l.created_at, l.payout_id::text as payout_id
     from ((select ${LINE_COLUMNS} from wallet_operations o where ${where}
            order by ${orderOf(ordering, 'o')} limit ${offset + 20})) as l
    order by ${orderOf(ordering, 'l')} offset ${offset} limit 20`;
const countQuery = (where) =>
  `select count(*)::int as n from (select ${LINE_COLUMNS} from wallet_operations o where ${where}) as l`;

async function measures() {
  const [{ lines: heavyLines }] = await q(
    `select count(*)::int as lines from plain.wallet_operations where user_id = 1`,
  );
  // A partner with about a hundred lines, and the oldest month (the one an archive would take).
  const [typical] = await q(
    `select user_id, count(*)::int as lines from plain.wallet_operations
      where user_id between ${Math.round(USERS / 100)} and ${Math.round(USERS / 100) + 200}
      group by user_id order by abs(count(*) - 100) limit 1`,
  );
  const [{ postings: typicalPostings }] = await q(
    `select count(*)::int as postings from plain.ledger_postings where account_id = ${typical.user_id}`,
  );
  const [{ postings: heavyPostings }] = await q(
    `select count(*)::int as postings from plain.ledger_postings where account_id = ${COMPANY + 1}`,
  );
  const [oldest] = await q(
    `select count(*)::int as postings, min(id) as first, max(id) as last from monthly.ledger_postings_${monthNames[0]}`,
  );
  const [oldestLines] = await q(
    `select count(*)::int as lines, min(id) as first, max(id) as last from monthly.wallet_operations_${monthNames[0]}`,
  );
  const [{ reference }] = await q(
    `select reference from plain.wallet_operations where operation_type = 'withdrawal' and id > ${Math.round(WALLET_ROWS / 2)} order by id limit 1`,
  );
  const lastMonth = `o.created_at >= ${monthStart(MONTHS - 1)}`;
  const yearAgo = `o.created_at >= ${monthStart(MONTHS - 13)} and o.created_at < ${monthStart(MONTHS - 12)}`;
  const last30 = `o.created_at >= now() - interval '30 days'`;
  const deep = 20 * Math.floor((heavyLines / 2 - 10) / 20);
  const context = {
    heavyLines,
    deepOffset: deep,
    typicalUser: typical.user_id,
    typicalLines: typical.lines,
    typicalPostings,
    companyPostings: heavyPostings,
    oldestMonth: monthNames[0],
    oldestMonthPostings: oldest.postings,
    oldestMonthLines: oldestLines.lines,
  };
  log('context', context);
  const read = (name, text) => ({ name, run: (variant) => explain(variant, text) });
  const once = (name, text) => ({ name, once: HEAVY_ONCE, run: (variant) => explain(variant, text) });
  const list = [
    read(`statement count, heavy partner (${heavyLines} lines)`, countQuery('o.user_id = 1')),
    read('statement first page, heavy partner', pageQuery('o.user_id = 1', '-date', 0)),
    read(`statement deep page (offset ${deep}), heavy partner`, pageQuery('o.user_id = 1', '-date', deep)),
    read('statement first page by -amount, heavy partner', pageQuery('o.user_id = 1', '-amount', 0)),
    read('statement count, last 30 days, heavy partner', countQuery(`o.user_id = 1 and ${last30}`)),
    read(
      'statement first page, last 30 days, heavy partner',
      pageQuery(`o.user_id = 1 and ${last30}`, '-date', 0),
    ),
    read('statement count, a month a year ago, heavy partner', countQuery(`o.user_id = 1 and ${yearAgo}`)),
    read(
      'statement first page, a month a year ago, heavy partner',
      pageQuery(`o.user_id = 1 and ${yearAgo}`, '-date', 0),
    ),
    read(
      `statement count, typical partner (${typical.lines} lines)`,
      countQuery(`o.user_id = ${typical.user_id}`),
    ),
    read('statement first page, typical partner', pageQuery(`o.user_id = ${typical.user_id}`, '-date', 0)),
    read(
      'statement first page by -amount, typical partner',
      pageQuery(`o.user_id = ${typical.user_id}`, '-amount', 0),
    ),
    read(
      'statement first page, this month, typical partner',
      pageQuery(`o.user_id = ${typical.user_id} and ${lastMonth}`, '-date', 0),
    ),
    {
      name: 'statement line status by reference (a withdrawal sent)',
      run: (variant) =>
        explain(
          variant,
          `update wallet_operations set status = 'sent', updated_at = now() where reference = '${reference}' and status = 'sent'`,
          { rollback: true },
        ),
    },
    read(
      'balance read (ledger_accounts by key: what the profile reads)',
      `select balance from ledger_accounts where id = ${typical.user_id}`,
    ),
    read(
      `an account's last 20 postings by (account_id, id), typical (${typicalPostings})`,
      `select id, transfer_id, amount, created_at from ledger_postings where account_id = ${typical.user_id} order by id desc limit 20`,
    ),
    read(
      `an account's last 20 postings by (account_id, id), company (${heavyPostings})`,
      `select id, transfer_id, amount, created_at from ledger_postings where account_id = ${COMPANY + 1} order by id desc limit 20`,
    ),
    read(
      "an account's postings summed, typical",
      `select coalesce(sum(amount), 0) from ledger_postings where account_id = ${typical.user_id}`,
    ),
    read(
      "a transfer's postings (by transfer_id)",
      `select * from ledger_postings where transfer_id = ${Math.round(TRANSFERS / 2)}`,
    ),
    once(
      'health: postings summed by currency (whole table)',
      'select currency, coalesce(sum(amount), 0)::text as total from ledger_postings group by currency order by currency',
    ),
  ];
  const writes = [
    {
      name: `archive the oldest month of postings (${oldest.postings}): DELETE by id vs DETACH + DROP`,
      run: (variant) =>
        variant === 'plain'
          ? inRollback(variant, [
              'alter table ledger_postings disable trigger ledger_postings_append_only',
              `delete from ledger_postings where id between ${oldest.first} and ${oldest.last}`,
            ])
          : inRollback(variant, [
              `alter table ledger_postings detach partition ledger_postings_${monthNames[0]}`,
              `drop table ledger_postings_${monthNames[0]}`,
            ]),
    },
    {
      name: `archive the oldest month of lines (${oldestLines.lines}): DELETE by id vs DETACH + DROP`,
      run: (variant) =>
        variant === 'plain'
          ? inRollback(variant, [
              `delete from wallet_operations where id between ${oldestLines.first} and ${oldestLines.last}`,
            ])
          : inRollback(variant, [
              `alter table wallet_operations detach partition wallet_operations_${monthNames[0]}`,
              `drop table wallet_operations_${monthNames[0]}`,
            ]),
    },
    {
      name: 'insert 100,000 postings (12,500 transfers of 8), per posting',
      cold: true,
      run: async (variant, round) => {
        // The transfers first (shared by both variants), then the postings' insert alone, timed.
        const [{ first }] = await q(
          `insert into ledger_transfers (operation_type, bonus_type, reference)
           select 'bonus', 'binary', 'growth:${RUN}:${variant}:${round}:' || g from generate_series(1, 12500) g
           returning id as first`,
        );
        // From a checkpoint: the first change of each page after one writes the whole page to WAL.
        await db.query('checkpoint');
        const result = await explain(
          variant,
          `insert into ledger_postings (transfer_id, account_id, currency, amount)
           select t, case when j < 8 then ${skewedUser(3)} else ${COMPANY + 1} end, 'USDT', case when j < 8 then 100 else -700 end
             from generate_series(${first}::bigint, ${first}::bigint + 12499) t, generate_series(1, 8) j`,
        );
        return { ...result, ms: (result.ms * 1000) / 100_000, wal: result.wal / 100_000 };
      },
    },
    {
      name: 'insert 100,000 statement lines (insertOperations), per line',
      cold: true,
      run: async (variant, round) => {
        // The partitioned table has no unique index on reference: ON CONFLICT (reference) is refused.
        const conflict = variant === 'plain' ? 'on conflict (reference) do nothing' : '';
        await db.query('checkpoint');
        const result = await explain(
          variant,
          `insert into wallet_operations (user_id, operation_type, bonus_type, currency, amount, status, confirmations, hash, details, reference)
           select ${skewedUser(2.5)}, 'bonus', 'node_income', 'DXN', 1000 + i, 'completed', null, null,
                  jsonb_build_object('payout_id', i), 'growth:${RUN}:${round}:' || i
             from generate_series(1, 100000) i ${conflict}`,
        );
        return { ...result, ms: (result.ms * 1000) / 100_000, wal: result.wal / 100_000 };
      },
    },
  ];
  const reads = await measureAll(list);
  const calls = await measureCalls([
    ['statement first page, heavy partner', pageQuery('o.user_id = $1', '-date', 0), [1]],
    ['statement first page, typical partner', pageQuery('o.user_id = $1', '-date', 0), [typical.user_id]],
    ['statement count, typical partner', countQuery('o.user_id = $1'), [typical.user_id]],
    [
      "an account's last 20 postings, typical",
      'select id, transfer_id, amount, created_at from ledger_postings where account_id = $1 order by id desc limit 20',
      [typical.user_id],
    ],
  ]);
  const tables = await sizes();
  const [{ gib }] = await q(
    `select round(pg_database_size(current_database()) / 1024.0 ^ 3, 1)::float as gib`,
  );
  tables.push({ database: DATABASE, total_gib: gib });
  return { context, tables, results: [...reads, ...(await measureAll(writes))], calls };
}

async function sizes() {
  return q(`
    select s.schema, t.table_name as table, pg_size_pretty(sum(pg_table_size(c.oid))) as heap,
           pg_size_pretty(sum(pg_indexes_size(c.oid))) as indexes,
           round(sum(pg_total_relation_size(c.oid)) / 1024.0 ^ 3, 2)::float as total_gib
      from (values ('plain'), ('monthly')) s(schema)
      cross join (values ('ledger_postings'), ('wallet_operations')) t(table_name)
      join pg_class c on c.relnamespace = s.schema::regnamespace
       and (c.relname = t.table_name or c.relname like t.table_name || '\\_y%')
       and c.relkind = 'r'
     group by 1, 2 order by 2, 1`);
}

/** The archive done for real once (plain: DELETE, then the VACUUM that must follow; monthly: DROP). */
async function archiveForReal() {
  const [oldest] = await q(
    `select min(id) as first, max(id) as last from monthly.ledger_postings_${monthNames[0]}`,
  );
  log('archive for real: plain DELETE + VACUUM, monthly DETACH + DROP');
  await db.query('alter table plain.ledger_postings disable trigger ledger_postings_append_only');
  const deleteMs = await timedQuery(
    `delete from plain.ledger_postings where id between ${oldest.first} and ${oldest.last}`,
  );
  await db.query('alter table plain.ledger_postings enable trigger ledger_postings_append_only');
  // With INDEX_CLEANUP ON: a month is a few per cent of the pages, under the 2% of pages with dead
  // rows below which VACUUM leaves the indexes for a later run; one run must clean them anyway.
  const vacuumMs = await timedQuery('vacuum (index_cleanup on) plain.ledger_postings');
  const detachMs = await timedQuery(
    `alter table monthly.ledger_postings detach partition monthly.ledger_postings_${monthNames[0]};
     drop table monthly.ledger_postings_${monthNames[0]}`,
  );
  return { deleteMs: round(deleteMs), vacuumMs: round(vacuumMs), detachAndDropMs: round(detachMs) };
}

const started = Date.now();
let report;
try {
  const loading = values['measure-only'] ? null : await load();
  const { context, tables, results, calls } = await measures();
  // The real archive changes the data: only on a database that is dropped after the run.
  const archive = values.keep ? null : await archiveForReal();
  const settings = Object.fromEntries(
    (
      await q(`select name, current_setting(name) as value from pg_settings
                where name in ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size',
                               'max_parallel_workers_per_gather', 'jit', 'autovacuum')`)
    ).map((row) => [row.name, row.value]),
  );
  report = {
    rows: ROWS,
    settings,
    loadAverage: loadavg().map((value) => round(value, 1)),
    walletRows: WALLET_ROWS,
    users: USERS,
    months: MONTHS,
    unlogged: values.unlogged,
    window: { start, end },
    loading,
    context,
    tables,
    archive,
    results,
    calls,
    seconds: Math.round((Date.now() - started) / 1000),
  };
} finally {
  await db.end();
  if (!values.keep) await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}

writeFileSync(PLANS, plans.join('\n'));
const lines = [
  `Growth: ${ROWS} postings, ${WALLET_ROWS} statement lines, ${USERS} partners, ${MONTHS} months` +
    `${values.unlogged ? ' (unlogged)' : ''}; ${report.seconds} s; plans in ${PLANS}`,
  '',
  '| measure (execution ms, median; inserts: µs per row) | plain | monthly | monthly / plain | buffers plain / monthly | planning ms plain / monthly |',
  '| --- | --- | --- | --- | --- | --- |',
  ...report.results.map(
    (r) =>
      `| ${r.name} | ${r.plain.ms} | ${r.monthly.ms} | ${r.ratio} | ${r.plain.buffers} / ${r.monthly.buffers} | ${r.plain.planning} / ${r.monthly.planning} |`,
  ),
  '',
  '| insert, WAL bytes per row | plain | monthly |',
  '| --- | --- | --- |',
  ...report.results
    .filter((r) => r.name.startsWith('insert'))
    .map((r) => `| ${r.name} | ${Math.round(r.plain.wal)} | ${Math.round(r.monthly.wal)} |`),
  '',
  `| prepared call (client ms, median of ${CALLS}) | plain | monthly | monthly / plain |`,
  '| --- | --- | --- | --- |',
  ...report.calls.map((r) => `| ${r.name} | ${r.plain} | ${r.monthly} | ${r.ratio} |`),
  '',
  `| table | plain | monthly |`,
  '| --- | --- | --- |',
  ...['ledger_postings', 'wallet_operations'].map((table) => {
    const of = (schema) => report.tables.find((t) => t.table === table && t.schema === schema);
    const cell = (t) => `${t.heap} heap, ${t.indexes} indexes`;
    return `| ${table} | ${cell(of('plain'))} | ${cell(of('monthly'))} |`;
  }),
];
console.log(lines.join('\n'));
console.log('\n' + JSON.stringify(report, null, 2));
