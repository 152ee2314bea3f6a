import { sql } from 'drizzle-orm';
import type { TFoldPosting, TFoldWindow, TPosting } from '@portal/compensation';
import { minor, type TBonusType, type TCurrency } from '@portal/contracts';
import {
  arrayLiteral,
  type Db,
  idArray,
  prepareRows,
  queryRows,
  startRows,
  type TCell,
  type TRows,
} from '../../db/client';
import { type TAccountRef, companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, postTransfer } from '../ledger/service';
import { recordOperations, type TOperation } from '../statement/service';
import type { TEventRow } from './events';
import { nextIds } from './fold-repo';
import type { TLoaded } from './load';
import { lineDetails } from './lines';
import { contractType } from './names';
import { recordLeaderPoolPaid } from './repo';

/** Which of the given users is the company root (its shares stay on a company account). */
async function rootsAmong(tx: Db, userIds: readonly number[]): Promise<Set<number>> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from users where is_company_root and id = any(${idArray(userIds)})`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Writes one batch of the fold in its transaction, set-based, while the engine computes it
 * (docs/compensation.md "A batch"). The payouts of each part of the batch go to PostgreSQL
 * (`COPY`) as soon as the engine has computed them and are written there while it computes the
 * next part, so that the engine and PostgreSQL work side by side on two cores. Their ids, and the
 * ids of the windows they fill and of the ledger transfers that pay them, are taken from the
 * sequences as they come; the windows and the transfers themselves are written by `finish`, with
 * the rest: the windows (one update, one insert), one ledger transfer per bonus type and currency
 * (and per direction: credits, reversals), the payouts reversed (one update), lost profit and debts
 * (an insert and an update each), the partners' state (two upserts) and the statement lines (one
 * insert). No row of a payee is read under lock while the batch computes: each is written once.
 */
export class BatchWriter {
  /** Every posting handed over, in order. */
  readonly postings: TFoldPosting[] = [];
  readonly #tx: Db;
  readonly #loaded: TLoaded;
  readonly #payoutIds: Map<string, number>;
  readonly #windowIds = new Map<string, number>();
  readonly #transferIds = new Map<string, number>();
  /** Payout ids taken ahead, ascending: the next part's rows are built with them. */
  #reserve: number[] = [];
  #writing: Promise<void> = Promise.resolve();

  constructor(tx: Db, loaded: TLoaded) {
    this.#tx = tx;
    this.#loaded = loaded;
    this.#payoutIds = new Map(loaded.payoutIds);
  }

  /**
   * Hands over the next postings of the batch (`more`: others follow); answers once their rows are
   * on their way. When the ids taken with the last part suffice (and the postings name no window
   * or transfer without an id yet), the rows are built while PostgreSQL still writes the last
   * part's; the ids they lack and the next part's are taken in one round once it is written (the
   * ids left over at the end of a batch are skipped: the ids of lines are unique, not gapless).
   */
  async add(postings: readonly TFoldPosting[], more: boolean): Promise<void> {
    if (postings.length === 0) return;
    for (const posting of postings) this.postings.push(posting);
    let rows =
      this.#reserve.length >= postings.length && this.#named(postings) ? this.#rowsOf(postings) : null;
    await this.#writing;
    const lacking = rows ? 0 : Math.max(0, postings.length - this.#reserve.length);
    for (const id of await nextIds(this.#tx, 'payouts', lacking + (more ? postings.length : 0)))
      this.#reserve.push(id);
    if (!rows) {
      await this.#openedWindowIds();
      const groups = [...new Set(postings.filter(paysMoney).map(groupOf))].filter(
        (group) => !this.#transferIds.has(group),
      );
      const ids = await nextIds(this.#tx, 'ledger_transfers', groups.length);
      groups.forEach((group, index) => this.#transferIds.set(group, ids[index]!));
      rows = this.#rowsOf(postings);
    }
    this.#writing = (await startRows(this.#tx, rows)).written;
  }

  /** Whether every window and transfer the postings name has its id. */
  #named(postings: readonly TFoldPosting[]): boolean {
    return postings.every(
      (posting) =>
        (posting.windowKey === null ||
          !posting.windowKey.startsWith('w:') ||
          this.#windowIds.has(posting.windowKey)) &&
        (!paysMoney(posting) || this.#transferIds.has(groupOf(posting))),
    );
  }

  /** The postings' rows, each given the next id of the reserve. */
  #rowsOf(postings: readonly TFoldPosting[]): TRows {
    const ids = this.#reserve.splice(0, postings.length);
    postings.forEach((posting, index) => this.#payoutIds.set(posting.ref, ids[index]!));
    return payoutRows(this.#tx, postings, this.#refs(true));
  }

  /** Writes the rest of the batch, once every posting was handed over. */
  async finish(events: readonly TEventRow[]): Promise<void> {
    await this.#writing;
    const tx = this.#tx;
    const { state } = this.#loaded;
    const last = events[events.length - 1]!;
    await this.#openedWindowIds();
    const windows = [...state.dirty.windows.values()];
    await updateWindows(
      tx,
      windows.filter((window) => !opened(window)),
    );
    await insertWindows(tx, windows.filter(opened), this.#windowIds);
    const refs = this.#refs(true);
    await markReversed(
      tx,
      [...state.dirty.postings]
        .filter((ref) => this.#loaded.payoutIds.has(ref))
        .map((ref) => state.posting(ref))
        .map((record) => ({ id: this.#loaded.payoutIds.get(record.ref)!, ...record })),
    );
    await writeLost(tx, this.#loaded, refs.idOf);
    await writeDebts(tx, this.#loaded, refs.idOf);
    await writePartners(tx, this.#loaded);
    await writeStatement(tx, this.postings, {
      idOf: refs.idOf,
      lastEventId: last.id,
      kindOf: kindsOf(events),
      listed: true,
    });
    await recordLeaderPools(tx, this.postings, events);
    // The transfers last: they lock their payees' accounts, which a payee's own purchase locks
    // too, so they are held from here to the commit only (docs/compensation.md "A batch").
    const posted = await postTransfers(tx, this.postings, {
      reference: `bonus:fold:${last.id}`,
      details: { events: [events[0]!.id, last.id] },
      ids: this.#transferIds,
    });
    // A group whose payouts all moved nothing (a DXN bonus reversed from an empty balance) has no
    // transfer: its payouts name none.
    const unposted = [...this.#transferIds].filter(([group]) => !posted.has(group)).map(([, id]) => id);
    if (unposted.length > 0)
      await tx.execute(
        sql`update payouts set transfer_id = null where transfer_id = any(${idArray(unposted)})`,
      );
  }

  /** Ids for the windows the batch opened so far (payouts name them). */
  async #openedWindowIds(): Promise<void> {
    const fresh = [...this.#loaded.state.dirty.windows.values()].filter(
      (window) => opened(window) && !this.#windowIds.has(window.key),
    );
    const ids = await nextIds(this.#tx, 'cap_windows', fresh.length);
    fresh.forEach((window, index) => this.#windowIds.set(window.key, ids[index]!));
  }

  #refs(listed: boolean): TRefs {
    return {
      idOf: (ref) => {
        if (ref === null) return null;
        const id = this.#payoutIds.get(ref);
        if (id === undefined) throw new Error(`The fold's posting ${ref} has no payout`);
        return id;
      },
      windowId: (key) => (key === null ? null : (this.#windowIds.get(key) ?? Number(key))),
      transfers: this.#transferIds,
      listed,
    };
  }
}

/** A window the batch opened (its key is the fold's, `w:<event>`, until it has an id). */
const opened = (window: TFoldWindow) => window.key.startsWith('w:');

const kindsOf = (events: readonly TEventRow[]) =>
  new Map(
    events.map((event) => [String(event.id), (event.details.product_kind as string | undefined) ?? null]),
  );

/** What the fold paid of each leader pool month it folded (leader_pool_months). */
async function recordLeaderPools(
  tx: Db,
  postings: readonly TFoldPosting[],
  events: readonly TEventRow[],
): Promise<void> {
  for (const event of events.filter((item) => item.kind === 'leader_pool')) {
    const shares = postings.filter((posting) => posting.eventId === String(event.id));
    await recordLeaderPoolPaid(tx, String(event.details.period), {
      share: shares[0]?.gross ?? 0n,
      payees: shares.length,
    });
  }
}

/**
 * Writes postings made outside the fold (DXN bonuses of a period: node income and its DexNet
 * matching, annual matching): one transfer per bonus type and currency named `bonus:<key>:...`,
 * the payouts and the statement lines. They fill no window and lose nothing.
 */
export async function writePeriodPostings(
  tx: Db,
  source: { key: string; period: string; purchaseId: number | null },
  postings: readonly TPosting[],
): Promise<void> {
  if (postings.length === 0) return;
  const fold: TFoldPosting[] = postings.map((posting, index) => ({
    ref: `${source.key}:${index + 1}`,
    eventId: '',
    ordinal: index + 1,
    payeeId: posting.payeeId,
    bonusType: posting.bonusType,
    currency: posting.currency,
    gross: posting.gross,
    credited: posting.credited,
    lost: 0n,
    toCompany: false,
    purchaseId: source.purchaseId === null ? null : String(source.purchaseId),
    buyerId: posting.explanation.buyerId ?? null,
    period: source.period,
    level: posting.explanation.level ?? null,
    leg: null,
    base: posting.explanation.base,
    rateBp: posting.explanation.rateBp,
    capTook: 0n,
    planVersion: posting.explanation.planVersion,
    sourceRef: null,
    sourceBonusType: posting.explanation.sourceBonusType ?? null,
    sourcePayeeId: posting.explanation.sourcePayeeId ?? null,
    reversesRef: null,
    recoversRef: null,
    windowKey: null,
    debtRepaid: 0n,
    taken: 0n,
    debt: 0n,
  }));
  const ids = await nextIds(tx, 'payouts', fold.length);
  const payoutIds = new Map(fold.map((posting, index) => [posting.ref, ids[index]!]));
  const idOf = (ref: string | null) => (ref === null ? null : payoutIds.get(ref)!);
  const roots = await rootsAmong(
    tx,
    fold.map((posting) => Number(posting.payeeId)),
  );
  const placed = fold.map((posting) =>
    roots.has(Number(posting.payeeId)) ? { ...posting, toCompany: true } : posting,
  );
  const transfers = await postTransfers(tx, placed, {
    reference: `bonus:${source.key}`,
    details: { source: source.key, period: source.period },
  });
  const rows = payoutRows(tx, placed, { idOf, windowId: () => null, transfers, listed: false });
  await (
    await startRows(tx, rows)
  ).written;
  await writeStatement(tx, placed, { idOf, lastEventId: 0, kindOf: new Map(), listed: false });
}

async function updateWindows(tx: Db, windows: readonly TFoldWindow[]): Promise<void> {
  if (windows.length === 0) return;
  await tx.execute(
    sql`update cap_windows w set cap = v.cap, earned = v.earned, product_id = v.product_id,
               matching_depth = v.depth, tariff_price = v.price, closed_at = v.closed_at
        from unnest(${arrayLiteral(windows.map((w) => w.key))}::bigint[], ${arrayLiteral(windows.map((w) => w.cap))}::bigint[],
                    ${arrayLiteral(windows.map((w) => w.filled))}::bigint[], ${arrayLiteral(windows.map((w) => w.productId))}::bigint[],
                    ${arrayLiteral(windows.map((w) => w.depth))}::int[], ${arrayLiteral(windows.map((w) => w.price))}::bigint[],
                    ${arrayLiteral(windows.map((w) => w.closedAt?.toISOString() ?? null))}::timestamptz[])
             as v(id, cap, earned, product_id, depth, price, closed_at)
        where w.id = v.id`,
  );
}

async function insertWindows(
  tx: Db,
  windows: readonly TFoldWindow[],
  ids: Map<string, number>,
): Promise<void> {
  if (windows.length === 0) return;
  await tx.execute(
    sql`insert into cap_windows
          (id, user_id, product_id, matching_depth, tariff_price, cap, earned, opened_event_id, opened_at, closed_at)
        overriding system value select * from unnest(
          ${arrayLiteral(windows.map((w) => ids.get(w.key)!))}::bigint[], ${arrayLiteral(windows.map((w) => w.userId))}::bigint[],
          ${arrayLiteral(windows.map((w) => w.productId))}::bigint[], ${arrayLiteral(windows.map((w) => w.depth))}::int[],
          ${arrayLiteral(windows.map((w) => w.price))}::bigint[], ${arrayLiteral(windows.map((w) => w.cap))}::bigint[],
          ${arrayLiteral(windows.map((w) => w.filled))}::bigint[], ${arrayLiteral(windows.map((w) => w.key.slice(2)))}::bigint[],
          ${arrayLiteral(windows.map((w) => w.openedAt.toISOString()))}::timestamptz[],
          ${arrayLiteral(windows.map((w) => w.closedAt?.toISOString() ?? null))}::timestamptz[])`,
  );
}

/** The ledger account a posting's payee is paid on: the company root's shares stay with the company. */
const payeeAccount = (posting: TFoldPosting): TAccountRef =>
  posting.toCompany
    ? companyAccount(posting.currency, COMPANY_PURPOSES.rootBonuses)
    : userAccount(Number(posting.payeeId), posting.currency);

/**
 * One transfer per bonus type, currency and direction for the whole batch: a credit pays the payee
 * what reached their balance and the debt it repaid from company:bonuses; a reversal takes back
 * what the payee held (the rest becomes a debt owed to company:bonus_debts). Answers the transfer
 * of each group.
 */
async function postTransfers(
  tx: Db,
  postings: readonly TFoldPosting[],
  source: { reference: string; details: Record<string, unknown>; ids?: Map<string, number> },
): Promise<Map<string, number>> {
  const groups = new Map<string, Map<string, { account: TAccountRef; amount: bigint }>>();
  const add = (group: string, account: TAccountRef, amount: bigint) => {
    if (amount === 0n) return;
    let legs = groups.get(group);
    if (!legs) groups.set(group, (legs = new Map<string, { account: TAccountRef; amount: bigint }>()));
    const key = `${account.userId}/${account.currency}/${account.purpose}`;
    const seen = legs.get(key);
    legs.set(key, { account, amount: (seen?.amount ?? 0n) + amount });
  };
  for (const posting of postings) {
    if (posting.credited === 0n) continue;
    const bonuses = companyAccount(posting.currency, COMPANY_PURPOSES.bonuses);
    const debts = companyAccount(posting.currency, COMPANY_PURPOSES.bonusDebts);
    const group = groupOf(posting);
    if (posting.reversesRef === null) {
      add(group, bonuses, -posting.credited);
      add(group, payeeAccount(posting), posting.credited - posting.debtRepaid);
      add(group, debts, posting.debtRepaid);
    } else if (posting.toCompany) {
      add(group, bonuses, -posting.credited);
      add(group, payeeAccount(posting), posting.credited);
    } else {
      add(group, bonuses, posting.taken + posting.debt);
      add(group, payeeAccount(posting), -posting.taken);
      add(group, debts, -posting.debt);
    }
  }
  const transfers = new Map<string, number>();
  for (const [group, legs] of groups) {
    const list = [...legs.values()].filter((item) => item.amount !== 0n);
    if (list.length < 2) continue;
    const [type, currency, direction] = group.split(':') as [string, TCurrency, string];
    const transfer = await postTransfer(tx, {
      id: source.ids && idIn(source.ids, group),
      operationType: 'bonus',
      bonusType: type as TBonusType,
      reference: `${source.reference}:${group}`,
      details: { ...source.details, reversal: direction === 'reversal' },
      legs: list.map((item) => leg(item.account, minor(item.amount, currency))),
    });
    if (!transfer.created)
      throw new Error(`The bonus transfer ${source.reference}:${group} was posted before`);
    transfers.set(group, transfer.id);
  }
  return transfers;
}

const idIn = (ids: Map<string, number>, group: string): number => {
  const id = ids.get(group);
  if (id === undefined) throw new Error(`The bonus transfer of ${group} has no id`);
  return id;
};

/** A posting that moves money on the ledger (one that moves none has no transfer). */
const paysMoney = (posting: TFoldPosting) => posting.credited !== 0n;

const groupOf = (posting: TFoldPosting) =>
  `${contractType(posting.bonusType, posting.currency, posting.sourceBonusType)}:${posting.currency}:${
    posting.reversesRef === null ? 'credit' : 'reversal'
  }`;

type TRefs = {
  idOf: (ref: string | null) => number | null;
  windowId: (key: string | null) => number | null;
  transfers: Map<string, number>;
  /** The payouts are their statement lines (the fold's); else each gets a wallet_operations row. */
  listed: boolean;
};

/** A posting that is a line of its payee's statement: it reached or left a partner's balance. */
const isLine = (posting: TFoldPosting) => !posting.toCompany && posting.credited !== 0n;

/** The payouts' rows (`prepareRows`). */
function payoutRows(tx: Db, postings: readonly TFoldPosting[], refs: TRefs): TRows {
  const column = (name: string, type: string, pick: (posting: TFoldPosting) => TCell) => ({
    name,
    type,
    values: postings.map(pick),
  });
  return prepareRows(tx, 'payouts', [
    column('id', 'bigint', (p) => refs.idOf(p.ref)),
    column('purchase_id', 'bigint', (p) => p.purchaseId),
    column('period', 'text', (p) => p.period),
    column('event_id', 'bigint', (p) => p.eventId || null),
    column('ordinal', 'int', (p) => (p.eventId ? p.ordinal : null)),
    column('payee_id', 'bigint', (p) => p.payeeId),
    column('bonus_type', 'text', (p) => contractType(p.bonusType, p.currency, p.sourceBonusType)),
    column('currency', 'text', (p) => p.currency),
    column('gross', 'bigint', (p) => p.gross),
    column('credited', 'bigint', (p) => p.credited),
    column('lost', 'bigint', (p) => p.lost),
    column('level', 'int', (p) => p.level),
    column('leg', 'text', (p) => p.leg),
    column('base', 'bigint', (p) => p.base),
    column('rate_bp', 'int', (p) => p.rateBp),
    column('cap_took', 'bigint', (p) => p.capTook),
    column('plan_version', 'text', (p) => p.planVersion),
    column('source_bonus_type', 'text', (p) =>
      p.sourceBonusType ? contractType(p.sourceBonusType, 'USDT') : null,
    ),
    column('source_payee_id', 'bigint', (p) => p.sourcePayeeId),
    column('source_payout_id', 'bigint', (p) => refs.idOf(p.sourceRef)),
    column('reverses_payout_id', 'bigint', (p) => refs.idOf(p.reversesRef)),
    column('recovers_payout_id', 'bigint', (p) => refs.idOf(p.recoversRef)),
    column('window_id', 'bigint', (p) => refs.windowId(p.windowKey)),
    column('to_company', 'boolean', (p) => p.toCompany),
    column('transfer_id', 'bigint', (p) =>
      p.credited === 0n ? null : (refs.transfers.get(groupOf(p)) ?? null),
    ),
    column('debt_repaid', 'bigint', (p) => p.debtRepaid),
    column('taken', 'bigint', (p) => p.taken),
    column('debt', 'bigint', (p) => p.debt),
    column('listed', 'boolean', (p) => refs.listed && isLine(p)),
  ]);
}

async function markReversed(
  tx: Db,
  records: readonly { id: number; reversedGross: bigint; reversedCredited: bigint }[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.execute(
    sql`update payouts p set reversed = v.reversed, reversed_credited = v.reversed_credited,
               reversed_at = coalesce(p.reversed_at, now())
        from unnest(${arrayLiteral(records.map((r) => r.id))}::bigint[], ${arrayLiteral(records.map((r) => r.reversedGross))}::bigint[],
                    ${arrayLiteral(records.map((r) => r.reversedCredited))}::bigint[]) as v(id, reversed, reversed_credited)
        where p.id = v.id`,
  );
}

async function writeLost(tx: Db, loaded: TLoaded, idOf: (ref: string) => number | null): Promise<void> {
  const entries = [...loaded.state.dirty.lost].map((ref) => loaded.state.lostOfPosting(ref)!);
  const fresh = entries.filter((entry) => !loaded.lostIds.has(entry.ref));
  const changed = entries.filter((entry) => loaded.lostIds.has(entry.ref));
  const closed = (entry: (typeof entries)[number]) => entry.recovered + entry.dropped >= entry.amount;
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into lost_profits (user_id, amount, recovered, dropped, payout_id, created_at, expires_at, closed_at)
          select * from unnest(
            ${arrayLiteral(fresh.map((e) => e.userId))}::bigint[], ${arrayLiteral(fresh.map((e) => e.amount))}::bigint[],
            ${arrayLiteral(fresh.map((e) => e.recovered))}::bigint[], ${arrayLiteral(fresh.map((e) => e.dropped))}::bigint[],
            ${arrayLiteral(fresh.map((e) => idOf(e.ref)))}::bigint[], ${arrayLiteral(fresh.map((e) => e.createdAt.toISOString()))}::timestamptz[],
            ${arrayLiteral(fresh.map((e) => e.expiresAt.toISOString()))}::timestamptz[],
            ${arrayLiteral(fresh.map((e) => (closed(e) ? new Date().toISOString() : null)))}::timestamptz[])`,
    );
  }
  if (changed.length > 0) {
    await tx.execute(
      sql`update lost_profits l set recovered = v.recovered, dropped = v.dropped,
                 closed_at = case when v.recovered + v.dropped >= l.amount then coalesce(l.closed_at, now()) else null end
          from unnest(${arrayLiteral(changed.map((e) => loaded.lostIds.get(e.ref)!))}::bigint[],
                      ${arrayLiteral(changed.map((e) => e.recovered))}::bigint[], ${arrayLiteral(changed.map((e) => e.dropped))}::bigint[])
               as v(id, recovered, dropped)
          where l.id = v.id`,
    );
  }
}

async function writeDebts(tx: Db, loaded: TLoaded, idOf: (ref: string) => number | null): Promise<void> {
  const debts = [...loaded.state.dirty.debts].map((ref) => loaded.state.debts.get(ref)!);
  const fresh = debts.filter((debt) => !loaded.debtIds.has(debt.ref));
  const changed = debts.filter((debt) => loaded.debtIds.has(debt.ref));
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into bonus_debts (user_id, payout_id, amount, repaid, created_at)
          select * from unnest(${arrayLiteral(fresh.map((d) => d.userId))}::bigint[], ${arrayLiteral(fresh.map((d) => idOf(d.ref)))}::bigint[],
                               ${arrayLiteral(fresh.map((d) => d.amount))}::bigint[], ${arrayLiteral(fresh.map((d) => d.repaid))}::bigint[],
                               ${arrayLiteral(fresh.map((d) => d.createdAt.toISOString()))}::timestamptz[])`,
    );
  }
  if (changed.length > 0) {
    await tx.execute(
      sql`update bonus_debts d set repaid = v.repaid
          from unnest(${arrayLiteral(changed.map((d) => loaded.debtIds.get(d.ref)!))}::bigint[],
                      ${arrayLiteral(changed.map((d) => d.repaid))}::bigint[]) as v(id, repaid)
          where d.id = v.id`,
    );
  }
}

/** The legs and the rest of the fold's state of every partner the batch changed, in user id order. */
async function writePartners(tx: Db, loaded: TLoaded): Promise<void> {
  const partners = [...loaded.state.dirty.partners]
    .map((id) => loaded.state.partner(id))
    .sort((a, b) => Number(a.id) - Number(b.id));
  if (partners.length === 0) return;
  const column = <T>(pick: (partner: (typeof partners)[number]) => T) =>
    arrayLiteral(partners.map(pick) as (string | null)[]);
  await tx.execute(
    sql`insert into binary_legs (user_id, left_unpaid, right_unpaid, left_total, right_total, paired_total,
                                 invited_buyers, active, counted, rank, updated_at)
        select v.*, now() from unnest(
          ${column((p) => p.id)}::bigint[], ${column((p) => p.legs.leftUnpaid)}::bigint[],
          ${column((p) => p.legs.rightUnpaid)}::bigint[], ${column((p) => p.legs.leftTotal)}::bigint[],
          ${column((p) => p.legs.rightTotal)}::bigint[], ${column((p) => p.legs.pairedTotal)}::bigint[],
          ${column((p) => p.legs.invitedBuyers)}::int[], ${column((p) => p.legs.active)}::boolean[],
          ${column((p) => p.legs.counted)}::boolean[], ${column((p) => p.legs.rank)}::text[]
        ) as v(user_id, left_unpaid, right_unpaid, left_total, right_total, paired_total, invited_buyers, active, counted, rank)
        on conflict (user_id) do update set
          left_unpaid = excluded.left_unpaid, right_unpaid = excluded.right_unpaid,
          left_total = excluded.left_total, right_total = excluded.right_total,
          paired_total = excluded.paired_total, invited_buyers = excluded.invited_buyers,
          active = excluded.active, counted = excluded.counted, rank = excluded.rank, updated_at = excluded.updated_at`,
  );
  await tx.execute(
    sql`insert into compensation_partners (user_id, first_tariff_at, qs_invitees, qs_counted, qs_paid, winter_given, debt, updated_at)
        select v.*, now() from unnest(
          ${column((p) => p.id)}::bigint[], ${column((p) => p.firstTariffAt?.toISOString() ?? null)}::timestamptz[],
          ${column((p) => p.qsInvitees)}::int[], ${column((p) => p.qsCounted)}::boolean[],
          ${column((p) => p.qsPaid)}::boolean[], ${column((p) => p.winterGiven)}::boolean[],
          ${column((p) => p.debt)}::bigint[]
        ) as v(user_id, first_tariff_at, qs_invitees, qs_counted, qs_paid, winter_given, debt)
        on conflict (user_id) do update set
          first_tariff_at = excluded.first_tariff_at, qs_invitees = excluded.qs_invitees,
          qs_counted = excluded.qs_counted, qs_paid = excluded.qs_paid, winter_given = excluded.winter_given,
          debt = excluded.debt, updated_at = excluded.updated_at`,
  );
}

/**
 * The statement lines a batch adds beside its payouts. The fold's payouts are lines themselves
 * (`listed`: the statement reads them from payouts), so it writes only a line per partner for the
 * debt their bonuses repaid. A period's payouts (written rarely, with explanations the payouts do
 * not keep) each get a wallet_operations line with all of its details.
 */
async function writeStatement(
  tx: Db,
  postings: readonly TFoldPosting[],
  context: {
    idOf: (ref: string | null) => number | null;
    lastEventId: number;
    kindOf: Map<string, string | null>;
    listed: boolean;
  },
): Promise<void> {
  const lines: TOperation[] = [];
  const repaid = new Map<string, bigint>();
  for (const posting of postings) {
    if (!isLine(posting)) continue;
    const reversal = posting.reversesRef !== null;
    if (!reversal && posting.debtRepaid > 0n)
      repaid.set(posting.payeeId, (repaid.get(posting.payeeId) ?? 0n) + posting.debtRepaid);
    if (context.listed) continue;
    const id = context.idOf(posting.ref)!;
    lines.push({
      userId: Number(posting.payeeId),
      operationType: 'bonus',
      bonusType: contractType(posting.bonusType, posting.currency, posting.sourceBonusType),
      currency: posting.currency,
      amount: reversal ? -posting.taken : posting.credited,
      status: 'completed',
      reference: `payout:${id}`,
      details: lineDetails({
        id,
        eventId: posting.eventId ? Number(posting.eventId) : null,
        ordinal: posting.ordinal,
        purchaseId: posting.purchaseId === null ? null : Number(posting.purchaseId),
        buyerId: posting.buyerId === null ? null : Number(posting.buyerId),
        kind: context.kindOf.get(posting.eventId) ?? null,
        period: posting.period,
        level: posting.level,
        leg: posting.leg,
        base: posting.base,
        rateBp: posting.rateBp,
        gross: posting.gross,
        capTook: posting.capTook,
        lost: posting.lost,
        sourceBonusType: posting.sourceBonusType
          ? contractType(posting.sourceBonusType, posting.currency, null)
          : null,
        sourcePayeeId: posting.sourcePayeeId === null ? null : Number(posting.sourcePayeeId),
        planVersion: posting.planVersion,
        reversesPayoutId: reversal ? context.idOf(posting.reversesRef) : null,
        credited: posting.credited,
        debt: posting.debt,
      }),
    });
  }
  for (const [userId, amount] of repaid) {
    lines.push({
      userId: Number(userId),
      operationType: 'adjustment',
      currency: 'USDT',
      amount: -amount,
      status: 'completed',
      reference: `debt_repaid:${context.lastEventId}:${userId}`,
      details: { reason: 'debt_repayment', repaid: amount.toString() },
    });
  }
  await recordOperations(tx, lines);
}
