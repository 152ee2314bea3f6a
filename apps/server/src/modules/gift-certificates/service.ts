import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  GIFT_CERTIFICATE_HOURS,
  minor,
  parseMinor,
  type TGiftCertificate,
  type TGiftCertificateActivate,
  type TGiftCertificateActivated,
  type TGiftCertificateBought,
  type TGiftCertificateBuy,
  type TRedeemed,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { hashCode, newCode } from '../../lib/one-time-code';
import type { TCatalog, TProductRow } from '../catalog/service';
import { once, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, postTransfer } from '../ledger/service';
import { paidPrice, recordPurchase, refundPurchase } from '../purchases/service';
import { recordOperation } from '../statement/service';
import * as repo from './repo';
import type { TGiftCertificateRow } from './repo';

export const GIFT_CERTIFICATE_CODE = 'gift-certificate';
const HOUR = 3600 * 1000;

/** The status a reader sees at `now`: an active certificate past its time is canceled, job or not. */
function statusAt(row: TGiftCertificateRow, now: Date): TGiftCertificate['status'] {
  if (row.status === 'active' && row.expiresAt <= now) return 'canceled';
  return row.status;
}

function toCertificate(row: TGiftCertificateRow, viewerId: number, now: Date): TGiftCertificate {
  return {
    id: row.id,
    amount: formatMinor(row.amount, 'USDT'),
    currency: 'USDT',
    status: statusAt(row, now),
    expires_at: row.expiresAt.toISOString(),
    activated_at: row.activatedAt?.toISOString() ?? null,
    activated_by_me: row.activatedBy === viewerId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Cancels the active certificates past their 24 hours by `now` and returns each one's payment to its
 * buyer: the amount goes back from company:gift_certificates to company:sales, then `refundPurchase`
 * (its own transfer to the buyer, statement line, refund event). Of one buyer or one code (on read),
 * or all (the job). Safe from any process at any time: a certificate is canceled by one conditional
 * update, and whoever gets it refunds it, in the same transaction.
 */
export async function expireGiftCertificates(
  db: Db,
  now = new Date(),
  filter: { buyerId?: number; codeHash?: string } = {},
): Promise<number> {
  let canceled = 0;
  for (const row of await repo.dueForExpiry(db, now, filter)) {
    await db.transaction(async (tx) => {
      if (!(await repo.cancelExpired(tx, row.id, now))) return;
      canceled += 1;
      await postTransfer(tx, {
        operationType: 'refund',
        reference: `gift_certificate:${row.id}:cancel`,
        details: { gift_certificate_id: row.id },
        legs: [
          leg(companyAccount('USDT', COMPANY_PURPOSES.giftCertificates), minor(-row.amount, 'USDT')),
          leg(companyAccount('USDT', COMPANY_PURPOSES.sales), minor(row.amount, 'USDT')),
        ],
      });
      if (row.purchaseId !== null) await refundPurchase(tx, row.purchaseId, 'gift_certificate_expired');
    });
  }
  return canceled;
}

/**
 * Activates the certificate of `code` to `userId`'s USDT balance, in the caller's transaction: the
 * amount moves from company:gift_certificates to the user's main balance, with its statement line.
 * Exactly once: of racing activations one gets the certificate, the others hear "already activated".
 * A wrong, used or expired code answers 400 on `field`.
 */
async function activateTo(
  tx: Db,
  userId: number,
  code: string,
  now: Date,
  field: string,
): Promise<TGiftCertificateRow> {
  const codeHash = hashCode(code);
  const row = await repo.activate(tx, codeHash, userId, now);
  if (!row) {
    const found = await repo.findByHash(tx, codeHash);
    if (!found) throw fail.field(field, 'giftCodeInvalid');
    if (found.status === 'activated') throw fail.field(field, 'giftCodeUsed');
    throw fail.field(field, 'giftCodeExpired');
  }
  const reference = `gift_certificate:${row.id}:activate`;
  await postTransfer(tx, {
    operationType: 'transfer',
    reference,
    details: { gift_certificate_id: row.id },
    legs: [
      leg(companyAccount('USDT', COMPANY_PURPOSES.giftCertificates), minor(-row.amount, 'USDT')),
      leg(userAccount(userId, 'USDT'), minor(row.amount, 'USDT')),
    ],
  });
  await recordOperation(tx, {
    userId,
    operationType: 'transfer',
    currency: 'USDT',
    amount: row.amount,
    status: 'completed',
    reference,
    details: { gift_certificate_id: row.id, gift_certificate: 'activated' },
  });
  return row;
}

/**
 * "A purchase may be paid with a gift certificate": activates the certificate of `code` to the
 * buyer's own balance in the purchase's transaction, right before the purchase takes its price from
 * that balance (the rest of the certificate stays on the balance). Any purchase call can use it:
 * call `settleExpiredCode(db, code)` before its transaction (so that an expired code is refunded to
 * its buyer even though the purchase fails), then `redeemForPurchase(tx, userId, code)` first in the
 * transaction. A bad code fails the whole purchase with 400 on `gift_certificate_code`.
 */
export async function redeemForPurchase(
  tx: Db,
  userId: number,
  code: string,
  now = new Date(),
): Promise<NonNullable<TRedeemed>> {
  const row = await activateTo(tx, userId, code, now, 'gift_certificate_code');
  return { certificate_id: row.id, amount: formatMinor(row.amount, 'USDT') };
}

/** Cancels and refunds the certificate of `code` if it has run out (before a transaction that names it). */
export async function settleExpiredCode(db: Db, code: string, now = new Date()): Promise<void> {
  await expireGiftCertificates(db, now, { codeHash: hashCode(code) });
}

/** Gift certificates (compensation-plan.md section 7; docs/shop.md "Gift certificates"). */
export function createGiftCertificates(deps: { db: Db; catalog: TCatalog }) {
  const { db, catalog } = deps;

  async function product(tx: Db): Promise<TProductRow> {
    const row = await catalog.findByCode(tx, GIFT_CERTIFICATE_CODE);
    if (!row?.available) throw fail.notFound('productNotFound');
    return row;
  }

  return {
    /**
     * Buys a certificate of `amount` USDT from the balance: `recordPurchase` (BV 0: gift certificates
     * carry no volume), then the amount moves from company:sales to company:gift_certificates, where
     * it waits for the activation or the refund. The code is made here and answered once: the answer
     * kept for the Idempotency-Key has `code: null`, and only the code's hash is stored.
     */
    async buy(
      userId: number,
      input: TGiftCertificateBuy,
      idempotency: TIdempotency | null,
      now = new Date(),
    ): Promise<TGiftCertificateBought> {
      let code: string | null = null;
      const answer = await once(db, idempotency, 201, async (tx) => {
        const certificateProduct = await product(tx);
        const amount = parseMinor(input.amount, 'USDT')!;
        const pricing = await catalog.price(tx, { userId, product: certificateProduct, amount, now });
        const purchase = await recordPurchase(tx, {
          userId,
          product: certificateProduct,
          pricing,
          currency: 'USDT',
          paid: pricing.netPrice,
          reference: `gift_certificate:${randomUUID()}`,
          details: { amount: formatMinor(pricing.listPrice, 'USDT') },
        });
        const generated = newCode('GIFT');
        const row = await repo.insertCertificate(tx, {
          buyerId: userId,
          amount: pricing.listPrice,
          codeHash: generated.hash,
          status: 'active',
          expiresAt: new Date(now.getTime() + GIFT_CERTIFICATE_HOURS * HOUR),
          purchaseId: purchase.id,
          createdAt: now,
        });
        await postTransfer(tx, {
          operationType: 'transfer',
          reference: `gift_certificate:${row.id}:issue`,
          details: { gift_certificate_id: row.id, purchase_id: purchase.id },
          legs: [
            leg(companyAccount('USDT', COMPANY_PURPOSES.sales), minor(-row.amount, 'USDT')),
            leg(companyAccount('USDT', COMPANY_PURPOSES.giftCertificates), minor(row.amount, 'USDT')),
          ],
        });
        code = generated.code;
        return { certificate: toCertificate(row, userId, now), purchase: paidPrice(purchase), code: null };
      });
      return code === null ? answer : { ...answer, code };
    },

    /** The certificates the partner bought, newest first; those past their time are canceled and refunded first. */
    async mine(userId: number, now = new Date()): Promise<TGiftCertificate[]> {
      await expireGiftCertificates(db, now, { buyerId: userId });
      return (await repo.buyerCertificates(db, userId)).map((row) => toCertificate(row, userId, now));
    },

    /** Activates a code to the caller's balance (anyone signed in, the buyer too), once. */
    async activate(
      userId: number,
      input: TGiftCertificateActivate,
      idempotency: TIdempotency | null,
      now = new Date(),
    ): Promise<TGiftCertificateActivated> {
      await settleExpiredCode(db, input.code, now);
      return once(db, idempotency, 200, async (tx) => {
        const row = await activateTo(tx, userId, input.code, now, 'code');
        return {
          certificate_id: row.id,
          amount: formatMinor(row.amount, 'USDT'),
          currency: 'USDT' as const,
          activated_at: (row.activatedAt ?? now).toISOString(),
        };
      });
    },
  };
}

export type TGiftCertificates = ReturnType<typeof createGiftCertificates>;
