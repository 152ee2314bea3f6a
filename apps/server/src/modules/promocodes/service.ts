import { randomBytes } from 'node:crypto';
import {
  PROMOCODE_VALID_HOURS,
  type TPromocode,
  type TPromocodeActivated,
  type TPromocodeCreate,
  type TPromocodeCreated,
  type TPromocodeDiscount,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { audit } from '../audit/service';
import type { TDiscountRule } from '../catalog/service';
import { isActive, tariffNow, type TPromoInput } from '../compensation/service';
import * as repo from './repo';
import type { TPromocodeRow } from './repo';

/** Crockford's base32 (no I, L, O, U): easy to read out and to type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 random characters of 32: 60 bits, so that a code cannot be guessed by trying. */
const CODE_LENGTH = 12;

/** A new random code (from the system's cryptographic source). */
export function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  return Array.from(bytes, (byte) => ALPHABET[byte % 32]).join('');
}

/** Codes are kept in capitals; a partner may type one in any case, with spaces around. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

const percentOf = (row: TPromocodeRow) => (row.discountBp / 100) as TPromocodeDiscount;

/** Whether a code can still be used at `now`: not expired and, for a private code, not used. */
export const usable = (row: TPromocodeRow, now: Date) =>
  (row.expiresAt === null || row.expiresAt > now) && (row.maxUses === null || row.uses < row.maxUses);

/**
 * The code `code` as `buyerId` may use it at `now`, without taking a use: "Promocode not exists."
 * when unknown, "Invalid promocode." when it is the buyer's own, expired or used.
 */
export async function usableCode(db: Db, code: string, buyerId: number, now: Date): Promise<TPromocodeRow> {
  const row = await repo.findByCode(db, normalizeCode(code));
  if (!row) throw fail.field('promocode', 'promocodeNotExists');
  if (row.userId === buyerId || !usable(row, now)) throw fail.field('promocode', 'invalidPromocode');
  return row;
}

/** The discount a code takes off a list price: its percent, rounded down to the minor unit. */
export const promoDiscount = (listPrice: bigint, discountBp: number) =>
  (listPrice * BigInt(discountBp)) / 10_000n;

/**
 * The pricing step's promo code rule (catalog `promocode`): checks the code and prices its
 * discount. It takes no use: a quote does not spend a code; the payment does (redeemPromocode).
 */
export const promocodeDiscount: TDiscountRule = async (tx, request, listPrice) => {
  const row = await usableCode(tx, request.promocode!, request.userId, request.now);
  return { source: 'promocode', amount: promoDiscount(listPrice, row.discountBp) };
};

/**
 * Spends one use of a code for a purchase, in the purchase's transaction (modules/purchases
 * recordPurchase): one conditional update, so a private code is used once however many payments
 * race for it; the loser's whole purchase rolls back with the spec's message. Answers the owner
 * and discount the compensation engine pays the owner's bonus from.
 */
export async function takePromocodeUse(
  tx: Db,
  input: { code: string; buyerId: number; now: Date },
): Promise<TPromocodeRow> {
  const row = await repo.takeUse(tx, normalizeCode(input.code), input.buyerId, input.now);
  if (row) return row;
  await usableCode(tx, input.code, input.buyerId, input.now);
  // Usable when read but not taken: a use went to another payment between the two.
  throw fail.field('promocode', 'invalidPromocode');
}

/** The code's owner and discount, for the engine. */
export const promoOf = (row: TPromocodeRow): TPromoInput => ({
  ownerId: row.userId,
  discountBp: row.discountBp,
});

/** Records which purchase used the code. */
export async function recordRedemption(
  tx: Db,
  row: TPromocodeRow,
  purchase: { id: number; userId: number; discount: bigint },
): Promise<void> {
  await repo.insertRedemption(tx, {
    promocodeId: row.id,
    purchaseId: purchase.id,
    userId: purchase.userId,
    discount: purchase.discount,
  });
}

/** The owner of a usable code, for a registration through /sign-up/:promocode (no use is taken). */
export async function ownerOfUsableCode(db: Db, code: string, now: Date): Promise<number | null> {
  const row = await repo.findByCode(db, normalizeCode(code));
  return row && usable(row, now) ? row.userId : null;
}

function toCreated(row: TPromocodeRow): TPromocodeCreated {
  return {
    promocode: row.code,
    kind: row.kind,
    discount: percentOf(row),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** Promo codes of the profile (compensation-plan.md section 6; docs/decisions.md "Promo codes"). */
export function createPromocodes(deps: { db: Db; clock?: () => Date }) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /**
     * A new code of the caller's: only with an Active tariff; one personal code per partner (the
     * partial unique index is the last word under a race); public and private valid 24 hours.
     */
    async create(userId: number, input: TPromocodeCreate): Promise<TPromocodeCreated> {
      const now = clock();
      return db.transaction(async (tx) => {
        if (!isActive(await tariffNow(tx, userId))) throw fail.request('promocodeNeedsTariff');
        if (input.kind === 'personal' && (await repo.findPersonal(tx, userId)))
          throw fail.request('personalPromocodeExists');
        const expiresAt =
          input.kind === 'personal' ? null : new Date(now.getTime() + PROMOCODE_VALID_HOURS * 3600_000);
        // A taken code (1 in 2^60 per code held) is simply drawn again.
        for (let attempt = 1; attempt <= 5; attempt++) {
          const row = await repo.insert(tx, {
            code: newCode(),
            userId,
            kind: input.kind,
            discountBp: input.discount * 100,
            expiresAt,
            maxUses: input.kind === 'private' ? 1 : null,
            createdAt: now,
          });
          if (row) {
            await audit(tx, {
              userId,
              action: 'promocode.created',
              details: { kind: row.kind, discount: input.discount },
            });
            return toCreated(row);
          }
          if (input.kind === 'personal' && (await repo.findPersonal(tx, userId)))
            throw fail.request('personalPromocodeExists');
        }
        throw new Error('No free promo code after 5 draws');
      });
    },

    async list(userId: number): Promise<TPromocode[]> {
      const now = clock();
      return (await repo.listOwn(db, userId)).map((row) => ({
        ...toCreated(row),
        uses: row.uses,
        active: usable(row, now),
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** Whether the caller can use a code now, and what it gives; no use is taken. */
    async activate(userId: number, code: string): Promise<TPromocodeActivated> {
      const row = await usableCode(db, code, userId, clock());
      return { success: true, ...toCreated(row) };
    },
  };
}

export type TPromocodes = ReturnType<typeof createPromocodes>;
