import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type Db,
  insertColumns,
  insertValues,
  queryRows,
  type TCell,
  type TInsertRow,
} from '../../db/client';
import { walletOperations } from './schema';

export type TNewOperation = typeof walletOperations.$inferInsert;
/** A statement line's columns, as wallet_operations types them (a listed payout's line answers the same). */
type TOperation = typeof walletOperations.$inferSelect;

/** Writes an operation once per reference; a second write of the same reference changes nothing. */
export async function insertOperation(db: Db, operation: TNewOperation): Promise<void> {
  await db
    .insert(walletOperations)
    .values(operation)
    .onConflictDoNothing({ target: walletOperations.reference });
}

/**
 * Writes many operations in one statement, each once per reference, whatever their number (one
 * array parameter per column: a bonus batch writes tens of thousands of lines).
 */
export async function insertOperations(db: Db, rows: TNewOperation[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (name: string, type: string, pick: (row: TNewOperation) => TCell | undefined) => ({
    name,
    type,
    values: rows.map((row) => pick(row) ?? null),
  });
  await db.execute(
    insertColumns(
      'wallet_operations',
      [
        column('user_id', 'bigint', (row) => row.userId),
        column('operation_type', 'text', (row) => row.operationType),
        column('bonus_type', 'text', (row) => row.bonusType),
        column('currency', 'text', (row) => row.currency),
        column('amount', 'bigint', (row) => row.amount),
        column('status', 'text', (row) => row.status),
        column('confirmations', 'int', (row) => row.confirmations),
        column('hash', 'text', (row) => row.hash),
        column('details', 'jsonb', (row) => JSON.stringify(row.details ?? {})),
        column('reference', 'text', (row) => row.reference),
      ],
      { tail: sql`on conflict (reference) do nothing` },
    ),
  );
}

/** The insert of `insertOperation` for one line, as a statement to run inside another (a purchase's). */
export function operationInsert(operation: TInsertRow<typeof walletOperations>): SQL {
  return sql`${insertValues(walletOperations, operation)} on conflict (reference) do nothing`;
}

/** Changes an operation's line; with `whileStatus`, only while it still has that status. */
export async function updateOperation(
  db: Db,
  reference: string,
  patch: Partial<Pick<TNewOperation, 'status' | 'confirmations' | 'hash' | 'details' | 'amount'>>,
  whileStatus?: TNewOperation['status'],
): Promise<void> {
  await db
    .update(walletOperations)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(walletOperations.reference, reference),
        whileStatus ? eq(walletOperations.status, whileStatus) : undefined,
      ),
    );
}

export type TFilter = {
  userId: number;
  operationType?: string;
  bonusType?: string;
  currency?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Only the lines that moved the partner's money of the currency (`MOVED`). */
  moved?: true;
};

/**
 * The lines whose money moved the partner's holdings of their currency (the monthly statement's
 * movements; docs/decisions.md "Monthly statements"): a withdrawal left the balance when it was
 * asked for (pending, approved, sent), a deposit once credited (completed), the rest when written
 * (completed). Money that did not move is no movement: a deposit still confirming or refused, a
 * withdrawal rejected (held, then returned in full). Nor is money moving between the partner's own
 * accounts of the currency: a token pack's DXN released from its lock (the pack's purchase line
 * brought it in, locked, as a DFT grant brings locked DFT).
 */
const MOVED = sql`o.status in ('pending', 'approved', 'sent', 'completed')
       and not (o.operation_type = 'transfer' and o.details @> '{"released": true}'::jsonb)`;

/**
 * A line of a partner's statement: a wallet_operations row, or a payout the fold listed (its
 * bonuses and their reversals are their payouts: compensation write.ts). `payoutId` names the
 * payout a line reads its details from: a listed payout, or an older slim line's `payout_id`.
 */
export type TLineRow = {
  id: number;
  operationType: TOperation['operationType'];
  bonusType: TOperation['bonusType'];
  currency: TOperation['currency'];
  amount: bigint;
  status: TOperation['status'];
  confirmations: number | null;
  hash: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
  /** Set for a listed payout: its details are read from it. */
  payoutId: number | null;
};

type TRawLine = {
  id: string;
  operation_type: TOperation['operationType'];
  bonus_type: TOperation['bonusType'];
  currency: TOperation['currency'];
  amount: string;
  status: TOperation['status'];
  confirmations: number | null;
  hash: string | null;
  details: Record<string, unknown> | string | null;
  created_at: Date | string;
  payout_id: string | null;
};

// Amounts of different currencies do not compare: amount orders within each currency, currencies
// in name order, and `-amount` is its exact reverse (docs/decisions.md). Each order is an index of
// both tables (user, key, id).
export const ORDER = {
  date: 'created_at asc, id asc',
  '-date': 'created_at desc, id desc',
  amount: 'currency asc, amount asc, id asc',
  '-amount': 'currency desc, amount desc, id desc',
} as const;

/** An order's columns, of the relation `alias` (the page's outer query selects `id` as text). */
const orderBy = (ordering: keyof typeof ORDER, alias: string): SQL =>
  sql.raw(
    ORDER[ordering]
      .split(', ')
      .map((key) => `${alias}.${key}`)
      .join(', '),
  );

/**
 * The partner's lines the filter keeps: their wallet_operations rows, and their listed payouts
 * unless the filter asks for another type than bonuses.
 */
function linesOf(filter: TFilter): { alias: string; lines: SQL }[] {
  const when = (condition: unknown, clause: SQL) => (condition ? clause : sql``);
  const operations = sql`select o.id, o.operation_type, o.bonus_type, o.currency, o.amount, o.status,
           o.confirmations, o.hash, o.details, o.created_at, null::bigint as payout_id
      from wallet_operations o
     where o.user_id = ${filter.userId}
       ${when(filter.operationType, sql`and o.operation_type = ${filter.operationType}`)}
       ${when(filter.bonusType, sql`and o.bonus_type = ${filter.bonusType}`)}
       ${when(filter.currency, sql`and o.currency = ${filter.currency}`)}
       ${when(filter.from, sql`and o.created_at >= ${filter.from?.toISOString()}::timestamptz`)}
       ${when(filter.to, sql`and o.created_at < ${filter.to?.toISOString()}::timestamptz`)}
       ${when(filter.moved, sql`and ${MOVED}`)}`;
  if (filter.operationType && filter.operationType !== 'bonus') return [{ alias: 'o', lines: operations }];
  // A listed payout is a bonus credited or reversed, completed: always a movement (`moved`).
  const payouts = sql`select p.id, 'bonus'::text as operation_type, p.bonus_type, p.currency, p.amount,
           'completed'::text as status, null::integer as confirmations, null::text as hash,
           null::jsonb as details, p.created_at, p.id as payout_id
      from payouts p
     where p.payee_id = ${filter.userId} and p.listed
       ${when(filter.bonusType, sql`and p.bonus_type = ${filter.bonusType}`)}
       ${when(filter.currency, sql`and p.currency = ${filter.currency}`)}
       ${when(filter.from, sql`and p.created_at >= ${filter.from?.toISOString()}::timestamptz`)}
       ${when(filter.to, sql`and p.created_at < ${filter.to?.toISOString()}::timestamptz`)}`;
  return [
    { alias: 'o', lines: operations },
    { alias: 'p', lines: payouts },
  ];
}

/**
 * The rows of one page, in `ordering`; exported for the plan test. Each table gives its first
 * `offset + limit` lines in that order from its index (PostgreSQL merges no ordered reads of a
 * union's filtered branches), and the page is cut from the two.
 */
export function pageQuery(filter: TFilter, ordering: keyof typeof ORDER, offset: number, limit: number): SQL {
  const branches = linesOf(filter).map(
    ({ alias, lines }) => sql`(${lines} order by ${orderBy(ordering, alias)} limit ${offset + limit})`,
  );
  return sql`select l.id::text as id, l.operation_type, l.bonus_type, l.currency, l.amount::text as amount,
                    l.status, l.confirmations, l.hash, l.details, l.created_at, l.payout_id::text as payout_id
               from (${sql.join(branches, sql` union all `)}) as l
              order by ${orderBy(ordering, 'l')}
             offset ${offset} limit ${limit}`;
}

export async function listOperations(
  db: Db,
  filter: TFilter,
  ordering: keyof typeof ORDER,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: TLineRow[] }> {
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${sql.join(
      linesOf(filter).map((branch) => branch.lines),
      sql` union all `,
    )}) as l`,
  );
  const lines = total?.n ?? 0;
  // Each order walks an index (user, key, id) from one end. A page in the back half is read from
  // the other end, the order reversed, so that the last page costs what the first does.
  const fromEnd = offset + limit / 2 > lines / 2;
  if (fromEnd && offset >= lines) return { count: lines, rows: [] };
  const raw = fromEnd
    ? await queryRows<TRawLine>(
        db,
        pageQuery(
          filter,
          reversed(ordering),
          Math.max(0, lines - offset - limit),
          Math.min(limit, lines - offset),
        ),
      )
    : await queryRows<TRawLine>(db, pageQuery(filter, ordering, offset, limit));
  const rows = raw.map(toLine);
  return { count: lines, rows: fromEnd ? rows.reverse() : rows };
}

/** What the lines the filter keeps add up to, in minor units (their one currency's). */
export async function linesSum(db: Db, filter: TFilter & { currency: string }): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select sum(l.amount)::text as total from (${sql.join(
      linesOf(filter).map((branch) => branch.lines),
      sql` union all `,
    )}) as l`,
  );
  return BigInt(row?.total ?? '0');
}

/**
 * Where a walk through the whole statement stands: the last line read, by its order's keys, its
 * table (the two tables' ids may repeat each other, so the table breaks a tie) and its id.
 */
export type TLineCursor = { keys: string[]; source: number; id: string };

/** Each ordering's keys before the id: the column, its exact text for a cursor, its type. */
const CURSOR_KEYS = {
  date: [
    {
      column: 'created_at',
      text: `to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      type: 'timestamptz',
    },
  ],
  amount: [
    { column: 'currency', text: 'l.currency', type: 'text' },
    { column: 'amount', text: 'l.amount::text', type: 'bigint' },
  ],
} as const;

/**
 * The next `limit` lines after `cursor` (from the start without one), in `ordering`: a keyset walk,
 * so a step far into the statement costs what the first does (the CSV export reads every line
 * this way, a step at a time). Each table is read from its index past the cursor.
 */
export async function linesAfter(
  db: Db,
  filter: TFilter,
  ordering: keyof typeof ORDER,
  cursor: TLineCursor | null,
  limit: number,
): Promise<{ rows: TLineRow[]; cursor: TLineCursor | null }> {
  const descending = ordering.startsWith('-');
  const keys =
    CURSOR_KEYS[descending ? (ordering.slice(1) as 'date' | 'amount') : (ordering as 'date' | 'amount')];
  const branches = linesOf(filter).map(({ alias, lines }, source) => {
    const columns = (withId: boolean) =>
      sql.raw(
        `(${[...keys.map((key) => `${alias}.${key.column}`), ...(withId ? [`${alias}.id`] : [])].join(', ')})`,
      );
    const values = (withId: boolean) =>
      sql`(${sql.join(
        [
          ...keys.map((key, i) => sql`${cursor!.keys[i]}::${sql.raw(key.type)}`),
          ...(withId ? [sql`${cursor!.id}::bigint`] : []),
        ],
        sql`, `,
      )})`;
    // Past the cursor: among equal keys, the cursor's own table needs a later id, a table that
    // comes after it in the order may repeat the keys, a table before it needs later keys.
    const operator = (strict: boolean) => sql.raw(`${descending ? '<' : '>'}${strict ? '' : '='}`);
    const comesBefore = (source: number, other: number) => (descending ? source > other : source < other);
    const past = !cursor
      ? sql``
      : source === cursor.source
        ? sql`and ${columns(true)} ${operator(true)} ${values(true)}`
        : sql`and ${columns(false)} ${operator(comesBefore(source, cursor.source))} ${values(false)}`;
    return sql`(select ${sql.raw(String(source))} as source, b.*
                  from (${lines} ${past} order by ${orderBy(ordering, alias)} limit ${limit}) as b)`;
  });
  const direction = descending ? ' desc' : ' asc';
  const order = [
    ...keys.map((key) => `l.${key.column}${direction}`),
    `l.source${direction}`,
    `l.id${direction}`,
  ];
  const raw = await queryRows<TRawLine & { source: number; id: string; [key: `key${number}`]: string }>(
    db,
    sql`select l.source, ${sql.raw(keys.map((key, i) => `${key.text} as key${i}`).join(', '))},
               l.id::text as id, l.operation_type, l.bonus_type, l.currency, l.amount::text as amount,
               l.status, l.confirmations, l.hash, l.details, l.created_at, l.payout_id::text as payout_id
          from (${sql.join(branches, sql` union all `)}) as l
         order by ${sql.raw(order.join(', '))}
         limit ${limit}`,
  );
  const last = raw.at(-1);
  return {
    rows: raw.map(toLine),
    cursor:
      last && raw.length === limit
        ? { keys: keys.map((_, i) => last[`key${i}`]!), source: Number(last.source), id: last.id }
        : null,
  };
}

function toLine(row: TRawLine): TLineRow {
  return {
    id: Number(row.id),
    operationType: row.operation_type,
    bonusType: row.bonus_type,
    currency: row.currency,
    amount: BigInt(row.amount),
    status: row.status,
    confirmations: row.confirmations === null ? null : Number(row.confirmations),
    hash: row.hash,
    details:
      typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    payoutId: row.payout_id === null ? null : Number(row.payout_id),
  };
}

/** `x` and `-x` are exact reverses of each other, tie-breaker included. */
function reversed(ordering: keyof typeof ORDER): keyof typeof ORDER {
  return (ordering.startsWith('-') ? ordering.slice(1) : `-${ordering}`) as keyof typeof ORDER;
}
