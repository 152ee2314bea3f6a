import { type SQL, sql } from 'drizzle-orm';
import type { TFoldEvent, TTariffChange } from '@portal/compensation';
import type { TProductKind } from '@portal/contracts';
import { type Db, queryRows } from '../../db/client';
import { compensationEvents } from './schema';

/**
 * The fold's input (docs/compensation.md "The fold"): the compensation_events log. Every event is
 * written in the transaction that makes it (a purchase, a refund, a mentor change, a closed
 * leader pool month) and folded later, in the order (xid, id).
 *
 * The order. `xid` is the writing transaction's id, raised to the highest `xid` of the same
 * partner's earlier events: a partner's events are written one after another (their purchases
 * lock the partner first), so each one reads the one before and lands after it, even when its
 * transaction took its id first. The fold only takes events whose `xid` is below every
 * transaction still running in this database (`horizon`): any event written later has an `xid`
 * at or above that, so the order of what was folded never changes.
 */

/** The facts of a purchase as the engine folds them (compensation_events.details, snake_case). */
type TPurchaseFacts = {
  product_kind: TProductKind;
  list_price: string;
  net_price: string;
  promo?: { owner_id: number; discount_bp: number } | null;
  tariff?: {
    kind: TTariffChange['kind'];
    product_id: number;
    code: string;
    depth: number;
    price: string;
    cap_growth: string;
  } | null;
  winter?: boolean;
};

export type TEventInput =
  | {
      kind: 'purchase';
      purchaseId: number;
      userId: number;
      bv: bigint;
      productKind: TProductKind;
      listPrice: bigint;
      netPrice: bigint;
      promo?: { ownerId: number; discountBp: number } | null;
      tariff?: {
        kind: TTariffChange['kind'];
        productId: number;
        code: string;
        depth: number;
        price: bigint;
        capGrowth: bigint;
      } | null;
      winter?: boolean;
    }
  | { kind: 'refund'; purchaseId: number; userId: number; bv: bigint }
  | { kind: 'mentor'; userId: number; from: number | null; to: number | null }
  | { kind: 'leader_pool'; period: string; bv: bigint };

function detailsOf(input: TEventInput): Record<string, unknown> {
  switch (input.kind) {
    case 'purchase': {
      const facts: TPurchaseFacts = {
        product_kind: input.productKind,
        list_price: input.listPrice.toString(),
        net_price: input.netPrice.toString(),
        promo: input.promo ? { owner_id: input.promo.ownerId, discount_bp: input.promo.discountBp } : null,
        tariff: input.tariff
          ? {
              kind: input.tariff.kind,
              product_id: input.tariff.productId,
              code: input.tariff.code,
              depth: input.tariff.depth,
              price: input.tariff.price.toString(),
              cap_growth: input.tariff.capGrowth.toString(),
            }
          : null,
        winter: input.winter ?? false,
      };
      return facts;
    }
    case 'refund':
      return {};
    case 'mentor':
      return { from: input.from, to: input.to };
    case 'leader_pool':
      return { period: input.period, bv: input.bv.toString() };
  }
}

/**
 * Appends an event in the caller's transaction (once per purchase and kind, once per leader pool
 * month: a repeat writes nothing). One statement.
 */
export async function recordEvent(tx: Db, input: TEventInput): Promise<void> {
  await tx.execute(eventInsert(input));
}

/**
 * The statement of `recordEvent`, to run inside another (`with event as (...)`): `purchaseId`, an
 * expression of that statement (a purchase inserted by it) in place of the input's.
 */
export function eventInsert(input: TEventInput, purchaseId?: SQL): SQL {
  const purchase = purchaseId ?? sql`${'purchaseId' in input ? input.purchaseId : null}::bigint`;
  const userId = 'userId' in input ? input.userId : null;
  const bv = 'bv' in input ? input.bv : 0n;
  return sql`insert into compensation_events (xid, kind, purchase_id, user_id, bv, details)
      select greatest(pg_current_xact_id()::text::bigint,
                      coalesce((select max(xid) from compensation_events where user_id = ${userId}::bigint), 0)),
             ${input.kind}, ${purchase}, ${userId}::bigint, ${bv}::bigint, ${JSON.stringify(detailsOf(input))}::jsonb
      on conflict do nothing`;
}

/** An event as read from the log. */
export type TEventRow = {
  id: number;
  xid: number;
  kind: TFoldEvent['kind'];
  purchaseId: number | null;
  userId: number | null;
  bv: bigint;
  details: Record<string, unknown>;
  createdAt: Date;
};

type TRawEvent = {
  id: string;
  xid: string;
  kind: TFoldEvent['kind'];
  purchase_id: string | null;
  user_id: string | null;
  bv: string;
  details: Record<string, unknown>;
  created_at: string | Date;
};

const EVENT_COLUMNS = sql`e.id::text as id, e.xid::text as xid, e.kind, e.purchase_id::text as purchase_id,
  e.user_id::text as user_id, e.bv::text as bv, e.details, e.created_at`;

const toRow = (row: TRawEvent): TEventRow => ({
  id: Number(row.id),
  xid: Number(row.xid),
  kind: row.kind,
  purchaseId: row.purchase_id === null ? null : Number(row.purchase_id),
  userId: row.user_id === null ? null : Number(row.user_id),
  bv: BigInt(row.bv),
  details: row.details,
  createdAt: new Date(row.created_at),
});

/** The fold's place in the log. */
export type TCursor = { xid: number; eventId: number };

/**
 * The first `xid` that may still be written: the lowest of the transactions running in this
 * database (other than this one), else the next one to be given out. Read in one statement: the
 * snapshot first, then the running transactions; one that took its id in between is at or above
 * the snapshot's xmax and does not lower it.
 */
export async function horizon(tx: Db): Promise<number> {
  const [row] = await queryRows<{ xmax: string; running: string[] | null }>(
    tx,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
               (select array_agg(backend_xid::text) from pg_stat_activity
                 where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()) as running`,
  );
  return Number(lowestRunning(BigInt(row!.xmax), row!.running ?? []));
}

const EPOCH = 1n << 32n;
const HALF_EPOCH = 1n << 31n;

/**
 * The lowest of `xmax` and the running transactions' ids. pg_stat_activity shows 32-bit ids:
 * each is widened to the 64-bit id nearest to `xmax` (a running id is never 2^31 ids away from
 * it), so an id of the epoch before xmax's, or of the next one (taken after the snapshot, just
 * past a wraparound), is placed right.
 */
export function lowestRunning(xmax: bigint, running: readonly string[]): bigint {
  const epoch = xmax - (xmax % EPOCH);
  let lowest = xmax;
  for (const text of running) {
    let full = epoch + BigInt(text);
    if (full > xmax + HALF_EPOCH) full -= EPOCH;
    else if (full < xmax - HALF_EPOCH) full += EPOCH;
    if (full < lowest) lowest = full;
  }
  return lowest;
}

/** Up to `limit` events after `cursor` and below `below`, in the fold's order. */
export async function eventsAfter(
  tx: Db,
  cursor: TCursor,
  below: number,
  limit: number,
): Promise<TEventRow[]> {
  const rows = await queryRows<TRawEvent>(
    tx,
    sql`select ${EVENT_COLUMNS} from compensation_events e
        where (e.xid, e.id) > (${cursor.xid}::bigint, ${cursor.eventId}::bigint) and e.xid < ${below}::bigint
        order by e.xid, e.id limit ${limit}`,
  );
  return rows.map(toRow);
}

/** Every event, in the fold's order, `batch` at a time (the replay audit). */
export async function* allEvents(db: Db, batch = 5000): AsyncGenerator<TEventRow[]> {
  let cursor: TCursor = { xid: -1, eventId: 0 };
  for (;;) {
    const rows = await eventsAfter(db, cursor, Number.MAX_SAFE_INTEGER, batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    cursor = { xid: last.xid, eventId: last.id };
  }
}

/** The purchase events of the given purchases (what their refunds reverse). */
export async function purchaseEventsOf(tx: Db, purchaseIds: readonly number[]): Promise<TEventRow[]> {
  if (purchaseIds.length === 0) return [];
  const rows = await queryRows<TRawEvent>(
    tx,
    sql`select ${EVENT_COLUMNS} from compensation_events e
        where e.kind = 'purchase' and e.purchase_id = any(${`{${purchaseIds.join(',')}}`}::bigint[])`,
  );
  return rows.map(toRow);
}

/** The fold's cursor and how many events it has folded. */
export async function cursorOf(db: Db): Promise<TCursor & { folded: number }> {
  const [row] = await queryRows<{ last_xid: string; last_event_id: string; events_folded: string }>(
    db,
    sql`select last_xid::text as last_xid, last_event_id::text as last_event_id, events_folded::text as events_folded
        from compensation_fold where id = 1`,
  );
  return {
    xid: Number(row?.last_xid ?? 0),
    eventId: Number(row?.last_event_id ?? 0),
    folded: Number(row?.events_folded ?? 0),
  };
}

export async function moveCursor(tx: Db, to: TCursor, folded: number): Promise<void> {
  await tx.execute(
    sql`insert into compensation_fold (id, last_xid, last_event_id, events_folded, updated_at)
        values (1, ${to.xid}::bigint, ${to.eventId}::bigint, ${folded}::bigint, now())
        on conflict (id) do update set last_xid = excluded.last_xid, last_event_id = excluded.last_event_id,
          events_folded = compensation_fold.events_folded + excluded.events_folded, updated_at = now()`,
  );
}

/** The fold's cursor as a row value, (0, 0) before the first fold. */
const CURSOR = sql`(coalesce((select f.last_xid from compensation_fold f where f.id = 1), 0),
  coalesce((select f.last_event_id from compensation_fold f where f.id = 1), 0))`;

/**
 * The first event after the cursor, in the fold's order: read off the order index whatever the
 * statistics (without the order, stale statistics make it a scan of every event).
 */
export const firstUnfolded = (db: Db) =>
  db
    .select({ id: compensationEvents.id })
    .from(compensationEvents)
    .where(sql`(${compensationEvents.xid}, ${compensationEvents.id}) > ${CURSOR}`)
    .orderBy(compensationEvents.xid, compensationEvents.id)
    .limit(1);

const backlogQueries = new WeakMap<Db, { execute(): Promise<{ id: number }[]> }>();

/** Whether any event waits after the cursor: one named read. Call it with the top-level database. */
export async function hasBacklog(db: Db): Promise<boolean> {
  let query = backlogQueries.get(db);
  if (!query) {
    query = firstUnfolded(db).prepare('fold_backlog');
    backlogQueries.set(db, query);
  }
  return (await query.execute()).length > 0;
}

/** Events not folded yet (the fold's backlog). */
export async function backlog(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from compensation_events e where (e.xid, e.id) > ${CURSOR}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A partner's open window (fold-owned, with the product it names) and their tariff purchases not
 * folded yet, in order: what their window will be. One statement.
 */
export async function windowAndPendingTariffsOf(
  db: Db,
  userId: number,
): Promise<{ window: TWindowRow | null; pending: TEventRow[] }> {
  const [row] = await queryRows<{ window: TRawWindow | null; pending: TRawEvent[] }>(
    db,
    sql`select
          (select json_build_object('id', w.id::text, 'product_id', w.product_id::text, 'code', p.code,
                    'matching_depth', w.matching_depth, 'tariff_price', w.tariff_price::text,
                    'cap', w.cap::text, 'earned', w.earned::text, 'opened_at', w.opened_at)
             from cap_windows w join products p on p.id = w.product_id
            where w.user_id = ${userId}::bigint and w.closed_at is null
            limit 1) as window,
          (select coalesce(json_agg(json_build_object('id', e.id::text, 'xid', e.xid::text, 'kind', e.kind,
                    'purchase_id', e.purchase_id::text, 'user_id', e.user_id::text, 'bv', e.bv::text,
                    'details', e.details, 'created_at', e.created_at) order by e.xid, e.id), '[]'::json)
             from compensation_events e
            where e.user_id = ${userId}::bigint and e.kind = 'purchase'
              and jsonb_typeof(e.details->'tariff') = 'object' and (e.xid, e.id) > ${CURSOR}) as pending`,
  );
  const held = row!.window;
  return {
    window: held && {
      id: Number(held.id),
      productId: Number(held.product_id),
      code: held.code,
      depth: Number(held.matching_depth),
      price: BigInt(held.tariff_price),
      cap: BigInt(held.cap),
      earned: BigInt(held.earned),
      openedAt: new Date(held.opened_at),
    },
    pending: row!.pending.map(toRow),
  };
}

type TRawWindow = {
  id: string;
  product_id: string;
  code: string;
  matching_depth: number;
  tariff_price: string;
  cap: string;
  earned: string;
  opened_at: string;
};

export type TWindowRow = {
  id: number;
  productId: number;
  code: string;
  depth: number;
  price: bigint;
  cap: bigint;
  earned: bigint;
  openedAt: Date;
};

/** A logged event as the engine folds it. Legacy events (before the fold) are not folded. */
export function toFoldEvent(row: TEventRow): TFoldEvent | null {
  const id = String(row.id);
  const at = row.createdAt;
  switch (row.kind) {
    case 'purchase': {
      if (row.details.legacy) return null;
      const facts = row.details as TPurchaseFacts;
      return {
        kind: 'purchase',
        id,
        at,
        purchaseId: String(row.purchaseId),
        buyerId: String(row.userId),
        productKind: facts.product_kind,
        bv: row.bv,
        listPrice: BigInt(facts.list_price),
        netPrice: BigInt(facts.net_price),
        promo: facts.promo
          ? { ownerId: String(facts.promo.owner_id), discountBp: facts.promo.discount_bp }
          : null,
        tariff: facts.tariff ? tariffOf(facts.tariff) : null,
        winter: facts.winter ?? false,
      };
    }
    case 'refund':
      return row.details.legacy ? null : { kind: 'refund', id, at, purchaseId: String(row.purchaseId) };
    case 'mentor': {
      const to = row.details.to as number | null;
      return {
        kind: 'mentor',
        id,
        at,
        userId: String(row.userId),
        mentorId: to === null ? null : String(to),
      };
    }
    case 'leader_pool':
      return {
        kind: 'leader_pool',
        id,
        at,
        period: String(row.details.period),
        bv: BigInt(String(row.details.bv)),
      };
  }
}

export function tariffOf(facts: NonNullable<TPurchaseFacts['tariff']>): TTariffChange {
  return {
    kind: facts.kind,
    productId: String(facts.product_id),
    code: facts.code,
    depth: facts.depth,
    price: BigInt(facts.price),
    capGrowth: BigInt(facts.cap_growth),
  };
}

/** The tariff change a pending purchase event records, if it is a tariff purchase. */
export function tariffOfEvent(row: TEventRow): TTariffChange | null {
  const facts = (row.details as TPurchaseFacts).tariff;
  return facts ? tariffOf(facts) : null;
}
