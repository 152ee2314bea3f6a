import { and, asc, desc, eq, gt, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { users } from '../accounts/schema';
import { chainCursors, chainRejectedLogs, chainTransfers, depositAddresses, invoices } from './schema';

export type TInvoiceRow = typeof invoices.$inferSelect;
export type TChainTransferRow = typeof chainTransfers.$inferSelect;
export type TNewChainTransfer = typeof chainTransfers.$inferInsert;

// ---- deposit addresses ----------------------------------------------------------------------------

export async function findDepositAddress(db: Db, userId: number) {
  const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  return row;
}

/** Locks the user's address row: invoices of one partner are made one at a time. */
export async function lockDepositAddress(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(eq(depositAddresses.userId, userId))
    .for('update');
  return row;
}

/**
 * Takes the user's derivation index: the address is derived from it, so the row holds
 * `pending:<user id>` until setDepositAddress writes the address in the same transaction.
 * Undefined when the user has a row already.
 */
export async function insertDepositAddress(db: Db, userId: number) {
  const [row] = await db
    .insert(depositAddresses)
    .values({ userId, address: `pending:${userId}` })
    .onConflictDoNothing({ target: depositAddresses.userId })
    .returning({ derivationIndex: depositAddresses.derivationIndex });
  return row;
}

export async function setDepositAddress(db: Db, userId: number, address: string): Promise<void> {
  await db.update(depositAddresses).set({ address }).where(eq(depositAddresses.userId, userId));
}

export async function ownersOf(db: Db, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db
    .select({ userId: depositAddresses.userId, address: depositAddresses.address })
    .from(depositAddresses)
    .where(inArray(depositAddresses.address, addresses));
}

// ---- invoices -------------------------------------------------------------------------------------

/**
 * Open: waiting for a transfer and not expired, or paid by a transfer that is still confirming
 * (a transfer seen in time pays its invoice however long the confirmations take).
 */
const isOpen = (now: Date) =>
  or(eq(invoices.status, 'confirming'), and(eq(invoices.status, 'pending'), gt(invoices.expiresAt, now)));

/** The partner's newest open invoice that matches `match` (its purpose and what it pays). */
async function findOpenInvoice(db: Db, userId: number, now: Date, match: SQL[]) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), ...match, isOpen(now)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1);
  return row;
}

export function findOpenDepositInvoice(
  db: Db,
  filter: { userId: number; currency: TInvoiceRow['currency']; amount: bigint; now: Date },
) {
  return findOpenInvoice(db, filter.userId, filter.now, [
    eq(invoices.purpose, 'deposit'),
    eq(invoices.currency, filter.currency),
    eq(invoices.amount, filter.amount),
  ]);
}

/** The open invoice of an order (the partner's own). */
export function findOpenOrderInvoice(db: Db, filter: { userId: number; orderId: number; now: Date }) {
  return findOpenInvoice(db, filter.userId, filter.now, [
    eq(invoices.purpose, 'order'),
    eq(invoices.orderId, filter.orderId),
  ]);
}

/** The open invoice of a validator key (the partner's own). */
export function findOpenKeyInvoice(db: Db, filter: { userId: number; keyId: number; now: Date }) {
  return findOpenInvoice(db, filter.userId, filter.now, [
    eq(invoices.purpose, 'validator_key'),
    eq(invoices.validatorKeyId, filter.keyId),
  ]);
}

export async function insertInvoice(db: Db, invoice: typeof invoices.$inferInsert): Promise<TInvoiceRow> {
  const [row] = await db.insert(invoices).values(invoice).returning();
  return row!;
}

/** The invoice with the transfer that pays it, if it is `userId`'s. */
export async function findOwnInvoice(db: Db, userId: number, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, transfer: chainTransfers })
    .from(invoices)
    .leftJoin(chainTransfers, eq(chainTransfers.id, invoices.chainTransferId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row;
}

/**
 * Attaches a transfer to the user's waiting invoice of its currency that it pays: the one of
 * exactly its amount, else the newest one it covers in full (the window shows the newest invoice,
 * so that is the one the partner is paying). SKIP LOCKED: two transfers arriving together never
 * take the same invoice.
 */
export async function matchInvoice(
  db: Db,
  transfer: { id: number; userId: number; currency: string; amount: bigint },
  status: 'confirming' | 'paid',
  now: Date,
): Promise<TPaidInvoice | undefined> {
  const rows = await queryRows<{
    id: string;
    purpose: string;
    order_id: string | number | null;
    validator_key_id: string | number | null;
    user_id: string | number;
  }>(
    db,
    sql`
    update ${invoices} set status = ${status}, chain_transfer_id = ${transfer.id},
      paid_at = ${status === 'paid' ? now.toISOString() : null}::timestamptz
    where id = (
      select id from ${invoices}
      where user_id = ${transfer.userId} and currency = ${transfer.currency} and amount <= ${transfer.amount}
        and status = 'pending' and chain_transfer_id is null and expires_at > ${now.toISOString()}::timestamptz
      order by (amount = ${transfer.amount}) desc, created_at desc, id desc limit 1
      for update skip locked)
    returning id, purpose, order_id, validator_key_id, user_id`,
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        purpose: row.purpose,
        orderId: row.order_id === null ? null : Number(row.order_id),
        validatorKeyId: row.validator_key_id === null ? null : Number(row.validator_key_id),
        userId: Number(row.user_id),
      }
    : undefined;
}

/** An invoice that waited on a rejected transfer waits again (or expires in its time). */
export async function releaseInvoice(db: Db, transferId: number): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'pending', chainTransferId: null, paidAt: null })
    .where(and(eq(invoices.chainTransferId, transferId), eq(invoices.status, 'confirming')));
}

/**
 * Transfers to the user's address seen since `since`, newest first, with the invoice each pays.
 */
export async function transfersSince(db: Db, userId: number, since: Date, limit: number) {
  return db
    .select({ transfer: chainTransfers, invoiceId: invoices.id })
    .from(chainTransfers)
    .leftJoin(invoices, eq(invoices.chainTransferId, chainTransfers.id))
    .where(and(eq(chainTransfers.userId, userId), gte(chainTransfers.createdAt, since)))
    .orderBy(desc(chainTransfers.createdAt), desc(chainTransfers.id))
    .limit(limit);
}

/**
 * What arrived in `currency` since `since` that paid no invoice (an underpayment, or a transfer
 * while no invoice waited): the "received X of Y" of a waiting invoice.
 */
export async function unmatchedSince(db: Db, userId: number, currency: string, since: Date): Promise<bigint> {
  const rows = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(t.amount), 0)::text as total from ${chainTransfers} t
        where t.user_id = ${userId} and t.currency = ${currency} and t.status <> 'rejected'
          and t.created_at >= ${since.toISOString()}::timestamptz
          and not exists (select 1 from ${invoices} i where i.chain_transfer_id = t.id)`,
  );
  return BigInt(rows[0]?.total ?? '0');
}

/** The invoice a transfer was attached to when it was seen, while it confirms. */
export async function attachedInvoice(db: Db, transferId: number) {
  const [row] = await db
    .select({ purpose: invoices.purpose, orderId: invoices.orderId, validatorKeyId: invoices.validatorKeyId })
    .from(invoices)
    .where(and(eq(invoices.chainTransferId, transferId), eq(invoices.status, 'confirming')));
  return row;
}

export type TPaidInvoice = {
  id: string;
  purpose: string;
  orderId: number | null;
  validatorKeyId: number | null;
  userId: number;
};

/** The invoice that waited on this transfer (attached when the transfer was seen), now paid. */
export async function payAttachedInvoice(db: Db, transferId: number): Promise<TPaidInvoice | undefined> {
  const [paid] = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(invoices.chainTransferId, transferId), eq(invoices.status, 'confirming')))
    .returning({
      id: invoices.id,
      purpose: invoices.purpose,
      orderId: invoices.orderId,
      validatorKeyId: invoices.validatorKeyId,
      userId: invoices.userId,
    });
  return paid;
}

export async function expireInvoices(db: Db, now: Date): Promise<number> {
  const expired = await db
    .update(invoices)
    .set({ status: 'expired' })
    .where(and(eq(invoices.status, 'pending'), lte(invoices.expiresAt, now)))
    .returning({ id: invoices.id });
  return expired.length;
}

// ---- chain transfers and the cursor ------------------------------------------------------------------

/** The transfer's row when this call inserted it; undefined when it was seen before. */
export async function insertChainTransfer(db: Db, transfer: TNewChainTransfer) {
  const [row] = await db
    .insert(chainTransfers)
    .values(transfer)
    .onConflictDoNothing({ target: [chainTransfers.chain, chainTransfers.txHash, chainTransfers.logIndex] })
    .returning();
  return row;
}

/**
 * A confirming transfer seen again in another block (a reorganisation mined it again) moves
 * there; a credited one never changes.
 */
export async function moveConfirmingTransfer(
  db: Db,
  log: { chain: string; txHash: string; logIndex: number; blockNumber: number },
): Promise<void> {
  await db
    .update(chainTransfers)
    .set({ blockNumber: log.blockNumber })
    .where(
      and(
        eq(chainTransfers.chain, log.chain),
        eq(chainTransfers.txHash, log.txHash),
        eq(chainTransfers.logIndex, log.logIndex),
        eq(chainTransfers.status, 'confirming'),
        ne(chainTransfers.blockNumber, log.blockNumber),
      ),
    );
}

export async function findChainTransfer(db: Db, id: number) {
  const [row] = await db.select().from(chainTransfers).where(eq(chainTransfers.id, id));
  return row;
}

/** Transfers still confirming, oldest block first. */
export async function confirmingTransfers(db: Db, chain: string) {
  return db
    .select()
    .from(chainTransfers)
    .where(and(eq(chainTransfers.chain, chain), eq(chainTransfers.status, 'confirming')))
    .orderBy(asc(chainTransfers.blockNumber), asc(chainTransfers.id));
}

/**
 * Claims the credit of a transfer: true for exactly one caller, whatever the number of watchers
 * (the row is locked by the update; a second one finds it credited).
 */
export async function markCredited(db: Db, id: number): Promise<boolean> {
  const claimed = await db
    .update(chainTransfers)
    .set({ status: 'credited', creditedAt: new Date() })
    .where(and(eq(chainTransfers.id, id), eq(chainTransfers.status, 'confirming')))
    .returning({ id: chainTransfers.id });
  return claimed.length === 1;
}

/** A confirming transfer whose credit the database refused; true for the one caller that marked it. */
export async function markRejected(db: Db, id: number): Promise<boolean> {
  const marked = await db
    .update(chainTransfers)
    .set({ status: 'rejected' })
    .where(and(eq(chainTransfers.id, id), eq(chainTransfers.status, 'confirming')))
    .returning({ id: chainTransfers.id });
  return marked.length === 1;
}

/** Keeps a rejected log; true only when this call kept it (it is told once). */
export async function insertRejectedLog(
  db: Db,
  log: typeof chainRejectedLogs.$inferInsert,
): Promise<boolean> {
  const kept = await db
    .insert(chainRejectedLogs)
    .values(log)
    .onConflictDoNothing({
      target: [chainRejectedLogs.chain, chainRejectedLogs.txHash, chainRejectedLogs.logIndex],
    })
    .returning({ id: chainRejectedLogs.id });
  return kept.length === 1;
}

/** Rejected logs, newest first, with the partner's email when the log names a deposit address. */
export async function rejectedLogsPage(db: Db, page: number, pageSize: number) {
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(chainRejectedLogs);
  const rows = await db
    .select({ log: chainRejectedLogs, email: users.email })
    .from(chainRejectedLogs)
    .leftJoin(users, eq(users.id, chainRejectedLogs.userId))
    .orderBy(desc(chainRejectedLogs.createdAt), desc(chainRejectedLogs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.count ?? 0, rows };
}

export async function findCursor(db: Db, chain: string) {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chain, chain));
  return row;
}

/** The cursor, created at `start` when missing (several processes may create it at once). */
export async function ensureCursor(db: Db, chain: string, start: number): Promise<number> {
  await db.insert(chainCursors).values({ chain, blockNumber: start }).onConflictDoNothing();
  return (await findCursor(db, chain))!.blockNumber;
}

/** Moves the cursor forward only: a slower watcher never takes it back. */
export async function advanceCursor(db: Db, chain: string, blockNumber: number): Promise<void> {
  await db
    .update(chainCursors)
    .set({ blockNumber: sql`greatest(${chainCursors.blockNumber}, ${blockNumber})`, updatedAt: sql`now()` })
    .where(eq(chainCursors.chain, chain));
}

/**
 * Claims the watcher's next pass: true when no pass started (nor the cursor moved) in the last
 * `ms`, stamping now under the row's lock, so one process of several wins; true also before the
 * first pass (no cursor yet).
 */
export async function claimPass(db: Db, chain: string, ms: number): Promise<boolean> {
  const rows = await queryRows<{ claimed: boolean; known: boolean }>(
    db,
    sql`with claimed as (
          update ${chainCursors} set updated_at = now()
          where chain = ${chain} and updated_at <= now() - make_interval(secs => ${ms} / 1000.0)
          returning chain)
        select exists (select 1 from claimed) as claimed,
               exists (select 1 from ${chainCursors} where chain = ${chain}) as known`,
  );
  return rows[0]!.claimed || !rows[0]!.known;
}
