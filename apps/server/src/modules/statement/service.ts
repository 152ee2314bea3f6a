import {
  STATEMENT_FIRST_MONTH,
  type TBonusType,
  type TCurrency,
  type TFinancesRequest,
  type TOperationStatus,
  type TOperationType,
  type TStatementPdfQuery,
  type TTransaction,
  formatMinor,
  languageOr,
} from '@portal/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { csvLine } from '../../lib/csv';
import { renderStatementPdf, type TMonthlyStatement, type TStatementPartner } from './pdf';
import * as repo from './repo';

export type TOperation = {
  userId: number;
  operationType: TOperationType;
  bonusType?: TBonusType | null;
  currency: TCurrency;
  /** Signed minor units. */
  amount: bigint;
  status: TOperationStatus;
  reference: string;
  confirmations?: number | null;
  hash?: string | null;
  details?: Record<string, string | number | boolean | null>;
};

/** Writes a line of a partner's statement, in the caller's transaction. */
export async function recordOperation(db: Db, operation: TOperation): Promise<void> {
  await repo.insertOperation(db, toRow(operation));
}

/**
 * The statement that writes a line, to run inside another statement (`with line as (...)`): its
 * reference may be an expression of that statement (a purchase's id, known once it is inserted).
 */
export function operationStatement(
  operation: Omit<TOperation, 'reference' | 'details'> & {
    reference: string | SQL;
    details?: TOperation['details'] | SQL;
  },
): SQL {
  return repo.operationInsert(toRow(operation));
}

/** Writes several lines in one statement (a purchase's bonuses), each once per reference. */
export async function recordOperations(db: Db, operations: TOperation[]): Promise<void> {
  await repo.insertOperations(db, operations.map(toRow));
}

function toRow<T extends string | SQL>(
  operation: Omit<TOperation, 'reference' | 'details'> & {
    reference: T;
    details?: TOperation['details'] | SQL;
  },
) {
  return {
    userId: operation.userId,
    operationType: operation.operationType,
    bonusType: operation.bonusType ?? null,
    currency: operation.currency,
    amount: operation.amount,
    status: operation.status,
    reference: operation.reference,
    confirmations: operation.confirmations ?? null,
    hash: operation.hash ?? null,
    details: operation.details ?? {},
  };
}

export const updateOperation = repo.updateOperation;

const DAY = 24 * 3600 * 1000;
const PERIOD_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** The date range a request asks for: dates are whole UTC days, `period` the last N days. */
export function dateRange(request: TFinancesRequest, now = new Date()): { from?: Date; to?: Date } {
  const from = request.date_from ? new Date(`${request.date_from}T00:00:00Z`) : undefined;
  const to = request.date_to ? new Date(new Date(`${request.date_to}T00:00:00Z`).getTime() + DAY) : undefined;
  if (!request.period) return { from, to };
  const periodStart = new Date(now.getTime() - PERIOD_DAYS[request.period] * DAY);
  return { from: from && from > periodStart ? from : periodStart, to };
}

/**
 * The details of bonus lines read from their payout (a payout the fold listed, or an older line
 * written with its payout's id only), by payout id; the compensation module answers them (app.ts
 * wires it).
 */
export type TLineDetailsOf = (
  db: Db,
  payoutIds: readonly number[],
) => Promise<Map<number, Record<string, string | number | boolean | null>>>;

/** The payout a line reads its details from: a listed payout, or a slim line's `payout_id`. */
const payoutOf = (row: repo.TLineRow): number | null => {
  if (row.payoutId !== null) return row.payoutId;
  const details = row.details ?? {};
  return row.operationType === 'bonus' && typeof details.payout_id === 'number' && !('gross' in details)
    ? details.payout_id
    : null;
};

/** The lines a request of `finances/` keeps, as the repository filters them. */
function filterOf(userId: number, request: TFinancesRequest): repo.TFilter {
  const { from, to } = dateRange(request);
  return {
    userId,
    operationType: request.operation_type,
    bonusType: request.bonus_type,
    currency: request.currency,
    from,
    to,
  };
}

/** The columns of the statement's CSV: the fields of a line in `finances/` (api.md), in that order. */
const CSV_COLUMNS = [
  'id',
  'date',
  'operation_type',
  'bonus_type',
  'currency',
  'amount',
  'status',
  'confirmations',
  'hash',
  'details',
] as const satisfies readonly (keyof TTransaction)[];

/** Lines read per step of a walk through the statement (the CSV export, a month's statement). */
const STEP = 1000;

/**
 * The partner's whole statement as CSV, for the filters of `finances/`: a header row, then every
 * line in the request's order, as the pages would give them. Read a step at a time (a keyset walk),
 * so a statement of a million lines streams in constant memory; `details` is the line's details as
 * JSON.
 */
export async function* statementCsv(
  db: Db,
  userId: number,
  request: TFinancesRequest,
  lineDetailsOf: TLineDetailsOf,
): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  const filter = filterOf(userId, request);
  let cursor: repo.TLineCursor | null = null;
  do {
    const step: Awaited<ReturnType<typeof repo.linesAfter>> = await repo.linesAfter(
      db,
      filter,
      request.ordering,
      cursor,
      STEP,
    );
    const lines = await transactionsOf(db, step.rows, lineDetailsOf);
    yield lines
      .map((line) =>
        csvLine(
          CSV_COLUMNS.map((column) => (column === 'details' ? JSON.stringify(line.details) : line[column])),
        ),
      )
      .join('');
    cursor = step.cursor;
  } while (cursor);
}

export type TPartnerOf = (db: Db, userId: number) => Promise<TStatementPartner | undefined>;

/**
 * The partner's monthly statement of one currency as a PDF, in their profile's language
 * (docs/decisions.md "Monthly statements"): the balance at the month's first instant (UTC), every
 * movement of the month in time order with the balance after it, and the balance at its end. The
 * balance is what the movements before the instant add up to (`MOVED` in repo.ts), so that the
 * opening and the month's movements give the closing exactly. A month before STATEMENT_FIRST_MONTH
 * or after `now`'s is refused (400).
 */
export async function monthlyStatementPdf(
  db: Db,
  userId: number,
  query: TStatementPdfQuery,
  deps: { lineDetailsOf: TLineDetailsOf; partnerOf: TPartnerOf; now: Date },
): Promise<Buffer> {
  const current = deps.now.toISOString().slice(0, 7);
  if (query.month < STATEMENT_FIRST_MONTH || query.month > current)
    throw fail.field('month', 'monthOutOfRange', { min: STATEMENT_FIRST_MONTH, max: current });
  const partner = await deps.partnerOf(db, userId);
  if (!partner) throw fail.notFound();
  const [year, month] = query.month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, month - 1, 1));
  const to = new Date(Date.UTC(year, month, 1));
  const { currency } = query;
  const opening = await repo.linesSum(db, { userId, currency, to: from, moved: true });
  const statement: TMonthlyStatement = {
    partner,
    month: query.month,
    currency,
    from,
    to,
    opening,
    movements: [],
    totalIn: 0n,
    totalOut: 0n,
    closing: opening,
    unfinished: current === query.month,
  };
  const filter: repo.TFilter = { userId, currency, from, to, moved: true };
  let cursor: repo.TLineCursor | null = null;
  do {
    const step: Awaited<ReturnType<typeof repo.linesAfter>> = await repo.linesAfter(
      db,
      filter,
      'date',
      cursor,
      STEP,
    );
    const lines = await transactionsOf(db, step.rows, deps.lineDetailsOf);
    step.rows.forEach(({ amount }, index) => {
      statement.closing += amount;
      if (amount > 0n) statement.totalIn += amount;
      else statement.totalOut += amount;
      statement.movements.push({ line: lines[index]!, amount, balance: statement.closing });
    });
    cursor = step.cursor;
  } while (cursor);
  return renderStatementPdf(statement, languageOr(partner.language));
}

/** A page of the partner's statement: their own operations only. */
export async function statementPage(
  db: Db,
  userId: number,
  request: TFinancesRequest,
  page: number,
  pageSize: number,
  lineDetailsOf: TLineDetailsOf,
): Promise<{ count: number; results: TTransaction[] }> {
  const { count, rows } = await repo.listOperations(
    db,
    filterOf(userId, request),
    request.ordering,
    (page - 1) * pageSize,
    pageSize,
  );
  return { count, results: await transactionsOf(db, rows, lineDetailsOf) };
}

/** Lines as the API answers them, each bonus line with its payout's details. */
async function transactionsOf(
  db: Db,
  rows: readonly repo.TLineRow[],
  lineDetailsOf: TLineDetailsOf,
): Promise<TTransaction[]> {
  const read = await lineDetailsOf(
    db,
    rows.map(payoutOf).filter((id): id is number => id !== null),
  );
  return rows.map((row) => ({
    id: row.id,
    operation_type: row.operationType,
    bonus_type: row.bonusType,
    currency: row.currency,
    amount: formatMinor(row.amount, row.currency),
    date: row.createdAt.toISOString(),
    status: row.status,
    confirmations: row.confirmations,
    hash: row.hash,
    details: (read.get(payoutOf(row) ?? -1) ?? row.details ?? {}) as TTransaction['details'],
  }));
}
