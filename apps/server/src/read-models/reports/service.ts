import {
  formatMinor,
  type TCurrency,
  type TReportAnswers,
  type TReportKind,
  type TReportQuery,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { csvLine } from '../../lib/csv';
import * as repo from './repo';
import type { TCsvRow, TCsvStep, TRange } from './repo';

const DAY_MS = 86_400_000;
/** Rows a CSV reads at a time: constant memory whatever the range holds. */
const CSV_STEP = 1_000;

/** The instants of a report's days: from the first day's midnight to the midnight after the last (UTC). */
export function rangeOf(query: Pick<TReportQuery, 'from' | 'to'>): TRange {
  const from = new Date(`${query.from}T00:00:00Z`);
  return { from, to: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) };
}

const usdt = (value: string) => formatMinor(BigInt(value), 'USDT');
const money = (value: string, currency: string) => formatMinor(BigInt(value), currency as TCurrency);
const count = Number;
const partner = (row: { user_id: string; email: string; name: string }) => ({
  user_id: Number(row.user_id),
  email: row.email,
  name: row.name,
});

/** Each report's figures, as its contract answers them. */
const REPORTS: {
  [K in TReportKind]: (db: Db, range: TRange, query: TReportQuery) => Promise<TReportAnswers[K]>;
} = {
  async sales(db, range, query) {
    const rows = await repo.salesRows(db, range, query.group);
    const sum = (pick: (row: (typeof rows)[number]) => string) =>
      rows.reduce((total, row) => total + BigInt(pick(row)), 0n).toString();
    return {
      rows: rows.map((row) => ({
        period: row.period,
        product_id: Number(row.product_id),
        product: row.product,
        kind: row.kind as TReportAnswers['sales']['rows'][number]['kind'],
        purchases: count(row.purchases),
        units: count(row.units),
        amount: usdt(row.amount),
        bv: usdt(row.bv),
        refunded: count(row.refunded),
      })),
      total: {
        purchases: rows.reduce((total, row) => total + count(row.purchases), 0),
        amount: usdt(sum((row) => row.amount)),
        bv: usdt(sum((row) => row.bv)),
      },
    };
  },
  async bonuses(db, range) {
    const rows = await repo.bonusRows(db, range);
    return {
      rows: rows.map((row) => ({
        bonus_type: row.bonus_type as TReportAnswers['bonuses']['rows'][number]['bonus_type'],
        currency: row.currency as TCurrency,
        payouts: count(row.payouts),
        gross: money(row.gross, row.currency),
        credited: money(row.credited, row.currency),
        lost: money(row.lost, row.currency),
        reversed: money(row.reversed, row.currency),
      })),
    };
  },
  async payouts(db, range, query) {
    const rows = await repo.payoutRows(db, range, query.group);
    return {
      rows: rows.map((row) => ({
        period: row.period,
        currency: row.currency as 'USDT' | 'DXN',
        status: row.status as TReportAnswers['payouts']['rows'][number]['status'],
        count: count(row.count),
        amount: money(row.amount, row.currency),
        fee: money(row.fee, row.currency),
      })),
    };
  },
  async debts(db, range) {
    const { rows, total } = await repo.debtRows(db, range);
    return {
      rows: rows.map((row) => ({
        ...partner(row),
        debts: count(row.debts),
        amount: usdt(row.amount),
        repaid: usdt(row.repaid),
        open: usdt(row.open),
        since: row.since,
      })),
      total: {
        partners: count(total.partners),
        amount: usdt(total.amount),
        repaid: usdt(total.repaid),
        open: usdt(total.open),
      },
    };
  },
  async 'top-earners'(db, range) {
    const rows = await repo.topEarnerRows(db, range);
    return {
      rows: rows.map((row) => ({
        ...partner(row),
        payouts: count(row.payouts),
        credited: usdt(row.credited),
        lost: usdt(row.lost),
      })),
    };
  },
  async ranks(db, range) {
    const { byRank, rows } = await repo.rankRows(db, range);
    return {
      by_rank: byRank.map((row) => ({ rank: row.rank, count: count(row.count) })),
      rows: rows.map((row) => ({
        ...partner(row),
        rank: row.rank,
        reached_at: row.reached_at,
        credited: usdt(row.credited),
      })),
    };
  },
  async 'new-partners'(db, range, query) {
    const rows = (await repo.newPartnerRows(db, range, query.group)).map((row) => ({
      period: row.period,
      signed_up: count(row.signed_up),
      with_tariff: count(row.with_tariff),
    }));
    return {
      rows,
      total: {
        signed_up: rows.reduce((total, row) => total + row.signed_up, 0),
        with_tariff: rows.reduce((total, row) => total + row.with_tariff, 0),
      },
    };
  },
};

/** A column of a CSV: a field of the row; money in minor units is written in the row's currency (or USDT). */
type TCsvColumn = string | { name: string; money: 'USDT' | 'row' };
type TCsvSource = { columns: readonly TCsvColumn[]; step: (db: Db, step: TCsvStep) => Promise<TCsvRow[]> };

const usdtColumns = (...names: string[]) => names.map((name) => ({ name, money: 'USDT' as const }));
const rowColumns = (...names: string[]) => names.map((name) => ({ name, money: 'row' as const }));

/** The rows behind each report, one CSV line each, in id order (docs/decisions.md "Reports"). */
const CSV_SOURCES: Record<TReportKind, TCsvSource> = {
  sales: {
    columns: [
      'id',
      'created_at',
      'user_id',
      'email',
      'product',
      'kind',
      'units',
      ...usdtColumns('list_price', 'discount', 'net_price'),
      'currency',
      ...rowColumns('paid'),
      ...usdtColumns('bv'),
      'promocode',
      'status',
    ],
    step: repo.salesCsvRows,
  },
  bonuses: {
    columns: [
      'id',
      'created_at',
      'user_id',
      'email',
      'bonus_type',
      'currency',
      ...rowColumns('gross', 'credited', 'lost'),
      'level',
      'leg',
      'purchase_id',
      'period',
      'reverses_payout_id',
    ],
    step: repo.bonusCsvRows,
  },
  payouts: {
    columns: [
      'id',
      'created_at',
      'user_id',
      'email',
      'currency',
      'network',
      'address',
      ...rowColumns('amount', 'fee'),
      'status',
      'tx_hash',
      'decided_at',
      'sent_at',
    ],
    step: repo.payoutCsvRows,
  },
  debts: {
    columns: [
      'id',
      'created_at',
      'user_id',
      'email',
      ...usdtColumns('amount', 'repaid', 'open'),
      'payout_id',
      'bonus_type',
      'purchase_id',
    ],
    step: repo.debtCsvRows,
  },
  'top-earners': {
    // `id` is the partner's: one line per earner.
    columns: ['id', 'email', 'name', 'payouts', ...usdtColumns('credited', 'lost')],
    step: repo.earnerCsvRows,
  },
  ranks: {
    columns: ['id', 'created_at', 'user_id', 'email', 'name', 'rank', ...usdtColumns('gross', 'credited')],
    step: repo.rankCsvRows,
  },
  'new-partners': {
    columns: [
      'id',
      'date_joined',
      'email',
      'username',
      'first_name',
      'last_name',
      'mentor_id',
      'country',
      'first_tariff_at',
    ],
    step: repo.newPartnerCsvRows,
  },
};

const nameOfColumn = (column: TCsvColumn) => (typeof column === 'string' ? column : column.name);

function cell(row: TCsvRow, column: TCsvColumn): string | number | null {
  const value = row[nameOfColumn(column)];
  if (value === null || value === undefined) return null;
  if (typeof column === 'object')
    return formatMinor(BigInt(value), column.money === 'USDT' ? 'USDT' : (row.currency as TCurrency));
  return value;
}

/** The back office's reports (issue 22): figures over a range of days, and the rows behind them. */
export function createReports(deps: { db: Db }) {
  const { db } = deps;
  return {
    report<K extends TReportKind>(kind: K, query: TReportQuery): Promise<TReportAnswers[K]> {
      return REPORTS[kind](db, rangeOf(query), query);
    },
    /** The CSV of a report: its header, then every row behind it, read CSV_STEP rows at a time. */
    async *csv(kind: TReportKind, query: TReportQuery): AsyncGenerator<string> {
      const { columns, step } = CSV_SOURCES[kind];
      const range = rangeOf(query);
      yield csvLine(columns.map(nameOfColumn));
      for (let after = 0; ;) {
        const rows = await step(db, { range, after, limit: CSV_STEP });
        yield rows.map((row) => csvLine(columns.map((column) => cell(row, column)))).join('');
        if (rows.length < CSV_STEP) return;
        after = Number(rows.at(-1)!.id);
      }
    },
  };
}

export type TReports = ReturnType<typeof createReports>;
