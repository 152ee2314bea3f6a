import {
  formatMinor,
  minor,
  parseMinor,
  usdtToDxn,
  VALIDATOR_FEE_SHARE_PERCENT,
  VALIDATOR_KEY_ACTIVATE_HOURS,
  VALIDATOR_KEY_PAY_MINUTES,
  type TChainCurrency,
  type TValidatorKey,
  type TValidatorKeyAnswer,
  type TValidatorKeyPurchase,
  type TValidatorKeyStatus,
  type TValidatorKeySummary,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { hashCode, newCode } from '../../lib/one-time-code';
import {
  findProduct,
  restorePricing,
  storePricing,
  type TCatalog,
  type TPricing,
  type TProductRow,
  type TStoredPricing,
} from '../catalog/service';
import { once, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { postTransfer } from '../ledger/service';
import { recordPurchase, refundPurchase, releasePurchase } from '../purchases/service';
import { liveQuote } from '../rates/service';
import { recordOperation } from '../statement/service';
import * as repo from './repo';
import type { TValidatorKeyRow } from './repo';

export type { TValidatorKeyRow };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CODE_PREFIX = 'VK';

/** The price a key was reserved at (pricing step, USDT) and, paid in DXN, the quote's rate. */
type TKeyPricing = TStoredPricing & { rate: string | null };

/** The USDT worth of DXN a key costs when paid in DXN (product attribute `dxn_price_usdt`). */
export function dxnPriceUsdt(product: Pick<TProductRow, 'attributes'>): bigint {
  const text = product.attributes.dxn_price_usdt;
  const price = text === undefined ? null : parseMinor(String(text), 'USDT');
  if (price === null) throw new Error('The validator-key product has no dxn_price_usdt attribute');
  return price;
}

/** A key's status now: a reservation or an activation past its time is over even before the job runs. */
export function keyStatusAt(key: TValidatorKeyRow, confirming: boolean, now: Date): TValidatorKeyStatus {
  if (key.status === 'reserved' && key.reservedUntil <= now && !confirming) return 'released';
  if (key.status === 'paid' && key.activateUntil !== null && key.activateUntil <= now) return 'expired';
  return key.status;
}

export function toKey(key: TValidatorKeyRow, confirming: boolean, now: Date): TValidatorKey {
  const status = keyStatusAt(key, confirming, now);
  const currency = key.currency;
  const pricing = key.pricing as Partial<TKeyPricing>;
  return {
    id: key.id,
    status,
    currency,
    amount: formatMinor(key.amount, currency),
    price_usdt: formatMinor(BigInt(pricing.net_price ?? 0), 'USDT'),
    rate: pricing.rate ?? null,
    reserved_at: key.createdAt.toISOString(),
    reserved_until: key.reservedUntil.toISOString(),
    paid_at: key.paidAt?.toISOString() ?? null,
    activate_until: key.activateUntil?.toISOString() ?? null,
    activated_at: key.activatedAt?.toISOString() ?? null,
    expires_at:
      status === 'reserved'
        ? key.reservedUntil.toISOString()
        : status === 'paid'
          ? (key.activateUntil?.toISOString() ?? null)
          : null,
    payment_confirming: status === 'reserved' && confirming,
    code_issued: key.codeHash !== null,
  };
}

/**
 * Closes one key past its time, in the caller's transaction: an unpaid reservation is released;
 * a paid key not activated in 24 hours expires and its payment returns to the balance
 * (refundPurchase, its own transfer, once). Answers whether it closed the key.
 */
async function closeIfDue(tx: Db, keyId: number, now: Date): Promise<boolean> {
  const key = await repo.lockKey(tx, keyId, null);
  if (!key) return false;
  const status = keyStatusAt(key, await repo.paymentConfirming(tx, key.id), now);
  if (status === 'released' && key.status === 'reserved') {
    await repo.updateKey(tx, key.id, { status: 'released', closedAt: now });
    return true;
  }
  if (status === 'expired' && key.status === 'paid') {
    if (key.purchaseId !== null) {
      await refundPurchase(tx, key.purchaseId, 'validator key not activated within 24 hours');
    }
    await repo.updateKey(tx, key.id, { status: 'expired', closedAt: now });
    return true;
  }
  return false;
}

/**
 * Closes the keys past their time, of one user (a read, in its transaction) or of all (the job,
 * one transaction per key). Safe from any process at any time: each key is locked and looked at
 * again before it changes, and a refund happens once.
 */
export async function closeDueKeys(db: Db, now = new Date(), userId?: number): Promise<number> {
  let closed = 0;
  for (const id of await repo.dueKeys(db, now, userId)) {
    if (userId !== undefined) {
      if (await closeIfDue(db, id, now)) closed += 1;
    } else if (await db.transaction((tx) => closeIfDue(tx, id, now))) {
      closed += 1;
    }
  }
  return closed;
}

/**
 * Pays a locked reserved key from its owner's balance in the caller's transaction: one purchase
 * (recordPurchase, in the key's currency, BV the USDT net price), then the key is paid with the
 * hash of its activation code (null: the code is issued later, once, by the code call) and 24
 * hours to activate it. "Insufficient funds on the internal balance." when short: nothing is written.
 */
async function payLocked(
  tx: Db,
  key: TValidatorKeyRow,
  codeHash: string | null,
  how: 'balance' | 'invoice',
  /** The key's product, when the caller has it. */
  known?: TProductRow,
): Promise<TValidatorKeyRow> {
  const stored = key.pricing as TKeyPricing;
  const product = known?.id === stored.product_id ? known : (await findProduct(tx, stored.product_id))!;
  const now = new Date();
  const patch = {
    status: 'paid' as const,
    paidAt: now,
    activateUntil: new Date(now.getTime() + VALIDATOR_KEY_ACTIVATE_HOURS * HOUR),
    codeHash,
  };
  const purchase = await recordPurchase(tx, {
    userId: key.userId,
    product,
    pricing: restorePricing(stored),
    currency: key.currency,
    paid: key.amount,
    quoteId: key.quoteId,
    reference: `validator_key:${key.id}`,
    details: { validator_key_id: key.id, paid_by: how, rate: stored.rate },
    // A key pays its bonuses when it is activated, never before (compensation-plan.md 5a).
    bonuses: 'on_release',
    // The key is paid in the purchase's own statement.
    along: (purchaseId) => [repo.updateKeyStatement(tx, key.id, { ...patch, purchaseId })],
  });
  return { ...key, ...patch, purchaseId: purchase.id };
}

/** Locks a key that a chain credit is about to pay (watcher.ts), before the balance moves. */
export async function lockKeyForPayment(tx: Db, keyId: number): Promise<void> {
  await repo.lockKey(tx, keyId, null);
}

/**
 * The chain payment of a key (modules/deposits/watcher.ts, in the transaction that credits the
 * transfer): the key is paid from that credit if it is still reserved (the transfer was seen in
 * time, so however long the confirmations took). Its code is issued by the code call.
 */
export async function payKeyByInvoice(
  tx: Db,
  invoice: { validatorKeyId: number; userId: number },
): Promise<boolean> {
  const key = await repo.lockKey(tx, invoice.validatorKeyId, invoice.userId);
  if (key?.status !== 'reserved') return false;
  await payLocked(tx, key, null, 'invoice');
  return true;
}

/**
 * The key an invoice is made for (modules/deposits): the partner's own reserved key, locked, with
 * what it costs and until when it waits. 404 for another partner's key.
 */
export async function keyToPay(
  tx: Db,
  userId: number,
  keyId: number,
  now: Date,
): Promise<{ id: number; currency: TChainCurrency; amount: bigint; reservedUntil: Date }> {
  const key = await repo.lockKey(tx, keyId, userId);
  if (!key) throw fail.notFound('validatorKeyNotFound');
  const status = keyStatusAt(key, await repo.paymentConfirming(tx, key.id), now);
  if (status !== 'reserved') throw fail.request('validatorKeyNotAwaitingPayment');
  return {
    id: key.id,
    currency: key.currency,
    amount: key.amount,
    reservedUntil: key.reservedUntil,
  };
}

/** The UTC day (YYYY-MM-DD) of a time. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The daily fee share (compensation-plan.md section 8): of the configured DXN fee of a UTC day,
 * 90% (rounded down) is divided equally among the keys activated before that day ended, each
 * share rounded down; the rest stays with the company. Each share is a ledger transfer from
 * `company:validator_fees` to the holder's DXN balance (bonus, `validator_right`, reference
 * `validator_fee:<day>:<key id>`). Once per day: the day is claimed by its row in the same
 * transaction. Answers the keys paid (0 when the day was done already, the fee is 0, or no key).
 */
export async function distributeValidatorFees(db: Db, fee: bigint, day: string): Promise<number> {
  if (fee <= 0n) return 0;
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + DAY);
  return db.transaction(async (tx) => {
    const keys = await repo.activatedBefore(tx, end);
    const pool = (fee * BigInt(VALIDATOR_FEE_SHARE_PERCENT)) / 100n;
    const share = keys.length === 0 ? 0n : pool / BigInt(keys.length);
    if (!(await repo.claimFeeDay(tx, { day, fee, share, keys: keys.length }))) return 0;
    if (share === 0n) return 0;
    for (const key of keys) {
      const reference = `validator_fee:${day}:${key.id}`;
      const details = { validator_key_id: key.id, day };
      await postTransfer(tx, {
        operationType: 'bonus',
        bonusType: 'validator_right',
        reference,
        details,
        legs: [
          { account: companyAccount('DXN', COMPANY_PURPOSES.validatorFees), amount: minor(-share, 'DXN') },
          { account: userAccount(key.userId, 'DXN'), amount: minor(share, 'DXN') },
        ],
      });
      await recordOperation(tx, {
        userId: key.userId,
        operationType: 'bonus',
        bonusType: 'validator_right',
        currency: 'DXN',
        amount: share,
        status: 'completed',
        reference,
        details,
      });
    }
    return keys.length;
  });
}

/**
 * Validator keys (compensation-plan.md section 8; docs/shop.md "Validator keys"): the allowance,
 * the 15-minute reservation, its payment (balance in USDT or DXN at a quote, or a chain invoice),
 * the one-time activation code and its activation within 24 hours.
 */
export function createValidatorKeys(deps: { db: Db; catalog: TCatalog }) {
  const { db, catalog } = deps;

  async function product(tx: Db): Promise<TProductRow> {
    const row = await catalog.findByCode(tx, 'validator-key');
    if (!row?.available) throw fail.notFound('productNotFound');
    return row;
  }

  async function answer(tx: Db, key: TValidatorKeyRow, now: Date): Promise<TValidatorKey> {
    return toKey(key, await repo.paymentConfirming(tx, key.id), now);
  }

  /** Runs a money-moving call with a fresh code: the answer carries it only when this call paid the key. */
  async function withCode(
    idempotency: TIdempotency | null,
    statusCode: number,
    work: (tx: Db, codeHash: string, paid: () => void) => Promise<TValidatorKey>,
  ): Promise<TValidatorKeyAnswer> {
    const { code, hash } = newCode(CODE_PREFIX);
    let paidHere = false;
    // The stored answer (what a replay gets) never holds the code: only its hash is kept.
    const stored = await once(db, idempotency, statusCode, async (tx) => ({
      key: await work(tx, hash, () => {
        paidHere = true;
      }),
      activation_code: null,
    }));
    return paidHere ? { ...stored, activation_code: code } : stored;
  }

  return {
    async summary(userId: number): Promise<TValidatorKeySummary> {
      return db.transaction(async (tx) => {
        await closeDueKeys(tx, new Date(), userId);
        const [allowed, held, row] = [
          await repo.allowance(tx, userId),
          await repo.countHeld(tx, userId),
          await product(tx),
        ];
        return {
          allowance: allowed,
          bought: held,
          available: Math.max(0, allowed - held),
          price_usdt: formatMinor(row.price, 'USDT'),
          price_dxn_usdt: formatMinor(dxnPriceUsdt(row), 'USDT'),
        };
      });
    },

    async list(userId: number): Promise<TValidatorKey[]> {
      return db.transaction(async (tx) => {
        const now = new Date();
        await closeDueKeys(tx, now, userId);
        return (await repo.userKeys(tx, userId)).map((row) => toKey(row.key, row.confirming, now));
      });
    },

    /**
     * Reserves a slot for 15 minutes at the price now: USDT through the pricing step, or DXN worth
     * the DXN price at a live quote; paid at once from the balance when asked.
     */
    async purchase(
      userId: number,
      input: TValidatorKeyPurchase,
      idempotency: TIdempotency | null,
    ): Promise<TValidatorKeyAnswer> {
      return withCode(idempotency, 201, async (tx, codeHash, paid) => {
        const now = new Date();
        await repo.lockUser(tx, userId);
        const slots = await repo.slotsOf(tx, userId, now);
        for (const id of slots.due) await closeIfDue(tx, id, now);
        if (slots.allowance - slots.held <= 0) throw fail.request('validatorKeyNoneAvailable');
        const row = await product(tx);
        let pricing: TPricing;
        let amount: bigint;
        let rate: string | null = null;
        if (input.currency === 'USDT') {
          pricing = await catalog.price(tx, { userId, product: row, now });
          amount = pricing.netPrice;
        } else {
          if (!input.quote_id) throw fail.field('quote_id', 'fieldRequired');
          const quote = await liveQuote(tx, input.quote_id, now);
          if (!quote) throw fail.field('quote_id', 'quoteExpired');
          // The pricing step on the DXN price (its USDT worth): discounts apply to it the same way.
          const dxnProduct = { ...row, price: dxnPriceUsdt(row), attributes: {} };
          pricing = await catalog.price(tx, { userId, product: dxnProduct, now });
          amount = usdtToDxn(pricing.netPrice, quote.rate);
          rate = quote.rate;
        }
        const stored: TKeyPricing = { ...storePricing(row.id, pricing), rate };
        let key = await repo.insertKey(tx, {
          userId,
          status: 'reserved',
          currency: input.currency,
          amount,
          quoteId: input.currency === 'DXN' ? (input.quote_id ?? null) : null,
          reservedUntil: new Date(now.getTime() + VALIDATOR_KEY_PAY_MINUTES * MINUTE),
          pricing: stored,
        });
        if (input.pay_from_balance) {
          key = await payLocked(tx, key, codeHash, 'balance', row);
          paid();
        }
        // Reserved by this call: no chain payment of it can be confirming yet.
        return toKey(key, false, now);
      });
    },

    /** Pays the partner's reserved key from the balance, in its currency at its reserved amount. */
    async pay(userId: number, keyId: number, idempotency: TIdempotency | null): Promise<TValidatorKeyAnswer> {
      return withCode(idempotency, 200, async (tx, codeHash, paid) => {
        const now = new Date();
        const key = await repo.lockKey(tx, keyId, userId);
        if (!key) throw fail.notFound('validatorKeyNotFound');
        const status = keyStatusAt(key, await repo.paymentConfirming(tx, key.id), now);
        if (status !== 'reserved') throw fail.request('validatorKeyNotAwaitingPayment');
        const updated = await payLocked(tx, key, codeHash, 'balance');
        paid();
        return answer(tx, updated, now);
      });
    },

    /**
     * The activation code of a key paid by chain invoice (whose payment answered no code): issued
     * once; asked again, 400.
     */
    async issueCode(userId: number, keyId: number): Promise<TValidatorKeyAnswer> {
      const { code, hash } = newCode(CODE_PREFIX);
      return db.transaction(async (tx) => {
        const now = new Date();
        const key = await repo.lockKey(tx, keyId, userId);
        if (!key) throw fail.notFound('validatorKeyNotFound');
        const status = keyStatusAt(key, false, now);
        if (status !== 'paid') throw fail.request('validatorKeyNotPaid');
        if (!(await repo.issueCode(tx, key.id, hash))) throw fail.request('validatorKeyCodeShown');
        const updated = (await repo.findKey(tx, key.id))!;
        return { key: toKey(updated.key, updated.confirming, now), activation_code: code };
      });
    },

    /**
     * Activates the caller's paid key with its code, within 24 hours: exactly once, however many
     * attempts arrive together (one conditional update). A wrong code (or another partner's):
     * 400 on `code`.
     */
    async activate(userId: number, code: string): Promise<TValidatorKey> {
      const now = new Date();
      // A key past its 24 hours is closed (and refunded) first, in its own transaction.
      await db.transaction((tx) => closeDueKeys(tx, now, userId));
      const codeHash = hashCode(code);
      return db.transaction(async (tx) => {
        const activated = await repo.activate(tx, { userId, codeHash, now });
        if (activated) {
          if (activated.purchaseId !== null) await releasePurchase(tx, activated.purchaseId);
          return answer(tx, activated, now);
        }
        const key = await repo.findByCode(tx, userId, codeHash);
        if (!key) throw fail.field('code', 'validatorKeyInvalidCode');
        const status = keyStatusAt(key, false, now);
        if (status === 'activated') throw fail.field('code', 'validatorKeyAlreadyActivated');
        if (status === 'expired') throw fail.field('code', 'validatorKeyActivationExpired');
        throw fail.field('code', 'validatorKeyInvalidCode');
      });
    },

    /** The job: closes keys past their time (reads close the reader's own first anyway). */
    expire: () => closeDueKeys(db, new Date()),
  };
}

export type TValidatorKeys = ReturnType<typeof createValidatorKeys>;
