import { createHmac, randomUUID } from 'node:crypto';
import {
  amountProblem,
  formatMinor,
  minor,
  parseMinor,
  type TCardPaymentRequest,
  type TCurrency,
  type TMessageKey,
  type ZCardLimits,
  type ZCardPayment,
  type ZEuroRate,
} from '@portal/contracts';
import type { z } from 'zod';
import {
  CardProviderError,
  type TCardInfo,
  type TCardProvider,
  type TChargeResult,
} from '../../adapters/card/provider';
import type { TConfig } from '../../config';
import { checkAmountBound } from '../ledger/bounds';
import type { Db } from '../../db/client';
import { AppError, fail } from '../../http/errors';
import { cardBrandOf, luhnValid } from '../../lib/cards';
import { deriveKey, sha256 } from '../../lib/crypto';
import { findUserById } from '../accounts/repo';
import { once, StoredAnswer, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { postTransfer } from '../ledger/service';
import { recordOperation } from '../statement/service';
import * as repo from './repo';
import { CARD_RULES, euroCents, formatEuro, plainUsdt } from './rules';

type TCardPayment = z.input<typeof ZCardPayment>;
type TCardLimits = z.input<typeof ZCardLimits>;

/** Refusals for being over an attempt limit: recorded, but not counted as attempts. */
const LIMIT_REASONS = ['cardDailyAttempts', 'cardMonthlyAttempts'] as const satisfies TMessageKey[];

/**
 * The card's identity for the attempt limits: an HMAC-SHA256 of the number with a key derived
 * from SECRET_KEY, so a leaked table cannot be turned back into numbers by trying them all.
 */
export function cardFingerprint(secretKey: string, cardNumber: string): string {
  return createHmac('sha256', deriveKey(secretKey, 'card-fingerprint')).update(cardNumber).digest('hex');
}

export type TCardDeps = {
  db: Db;
  provider: TCardProvider;
  card: Pick<TConfig['card'], 'allowedCountries' | 'prohibitedCountries'>;
  /** EUR per 1 USDT (config.rates.usdtEur). */
  usdtEurRate: string;
  secretKey: string;
  /** The largest amount any call takes (config.amountMax); beyond it nothing is recorded. */
  amountMax?: Record<TCurrency, bigint>;
};

export type TCardPayments = ReturnType<typeof createCardPayments>;

/** Card top-up (product-spec.md sections 5 and 9, compensation-plan.md section 10). */
export function createCardPayments(deps: TCardDeps) {
  const { db, provider } = deps;
  const acceptedCountries = deps.card.allowedCountries.filter(
    (country) => !deps.card.prohibitedCountries.includes(country),
  );

  /**
   * Tops up the partner's USDT balance from a card. The rules are checked in the order below; a
   * refusal answers 400 with its own message and moves no money. Every attempt that identifies a
   * card is recorded (never the number or the CVC: its fingerprint, last four digits, brand and
   * country), so the per-card limits count refused and declined attempts too.
   */
  async function pay(
    userId: number,
    request: TCardPaymentRequest,
    idempotency: TIdempotency | null,
  ): Promise<TCardPayment> {
    const problem = amountProblem(request.amount, 'USDT');
    if (problem) throw fail.fields({ amount: [problem] });
    const amount: bigint = parseMinor(request.amount, 'USDT')!;
    if (deps.amountMax) checkAmountBound(amount, 'USDT', deps.amountMax);
    const cardNumber = request.card_number;
    // A mistyped number or an expired card names no card to count: refused without a record.
    if (!luhnValid(cardNumber)) throw fail.field('card_number', 'cardNumberInvalid');
    if (isExpired(request.expiry_month, request.expiry_year, new Date()))
      throw fail.field('expiry_month', 'cardExpired');

    // The card is charged in euro: amount x USDT_EUR_RATE, rounded UP to the cent (rules.ts).
    const amountEurCents = euroCents(amount, deps.usdtEurRate);
    const attempt: repo.TNewCardPayment = {
      userId,
      amount,
      amountEurCents,
      cardFingerprint: cardFingerprint(deps.secretKey, cardNumber),
      cardLast4: cardNumber.slice(-4),
      cardBrand: cardBrandOf(cardNumber),
      cardCountry: null,
      status: 'refused',
    };
    /** Records the refused attempt in its own statement (it stays though the request fails), then refuses. */
    const refuse = async (
      field: string,
      key: TMessageKey,
      values?: Record<string, string | number>,
    ): Promise<never> => {
      await repo.insertCardPayment(db, { ...attempt, status: 'refused', declineReason: key });
      throw fail.field(field, key, values);
    };

    if (amount < CARD_RULES.min)
      return refuse('amount', 'cardAmountBelowMinimum', { min: plainUsdt(CARD_RULES.min) });
    if (amount > CARD_RULES.max)
      return refuse('amount', 'cardAmountAboveMaximum', { max: plainUsdt(CARD_RULES.max) });
    if (amount > CARD_RULES.kycAbove) {
      const user = await findUserById(db, userId);
      if (user?.kycStatus !== 'verified')
        return refuse('amount', 'cardKycRequired', { limit: plainUsdt(CARD_RULES.kycAbove) });
    }
    // Reserved, not read: the attempt counts from here on, so a burst of attempts of one card,
    // over one process or many, never gets past a limit (repo.reserveAttempt).
    const reference = chargeReference(idempotency);
    const reservation = await repo.reserveAttempt(
      db,
      { ...attempt, chargeReference: reference },
      {
        perDay: CARD_RULES.attemptsPerDay,
        perMonth: CARD_RULES.attemptsPerMonth,
        limitReasons: LIMIT_REASONS,
      },
    );
    if (reservation.kind === 'over')
      return reservation.limit === 'month'
        ? refuse('card_number', 'cardMonthlyAttempts', { limit: CARD_RULES.attemptsPerMonth })
        : refuse('card_number', 'cardDailyAttempts', { limit: CARD_RULES.attemptsPerDay });
    const id = reservation.kind === 'reserved' ? reservation.id : reservation.row.id;

    let info: TCardInfo;
    try {
      info = await unlessUnavailable(() => provider.lookup(cardNumber));
    } catch (error) {
      // Nothing reached the card: the reservation is given back.
      if (reservation.kind === 'reserved') await repo.dropReservation(db, id);
      throw error;
    }
    if (!isAccepted(info)) {
      await repo.moveOn(db, id, ['pending'], {
        status: 'refused',
        declineReason: 'cardCountryNotAllowed',
        cardBrand: info.brand,
        cardCountry: info.country,
      });
      throw fail.field('card_number', 'cardCountryNotAllowed');
    }

    let result: TChargeResult;
    try {
      // A request joining a charge sends it again under the same reference: the provider answers
      // the first charge, never a second one.
      result = await provider.charge({
        cardNumber,
        expiryMonth: request.expiry_month,
        expiryYear: request.expiry_year,
        cvc: request.cvc,
        holderName: request.holder_name,
        amountEurCents,
        reference,
      });
    } catch (error) {
      if (!(error instanceof CardProviderError)) throw error;
      // No answer: the card may or may not be charged. The row keeps the reference for the
      // provider's records and counts as an attempt (docs/decisions.md).
      await repo.moveOn(db, id, ['pending'], {
        status: 'failed',
        declineReason: 'cardProviderUnavailable',
        cardBrand: info.brand,
        cardCountry: info.country,
      });
      throw fail.unavailable('cardProviderUnavailable', error);
    }
    if (result.status === 'declined') {
      await repo.moveOn(db, id, ['pending', 'failed'], {
        status: 'declined',
        declineReason: result.reason,
        cardBrand: info.brand,
        cardCountry: info.country,
      });
      throw declined(result.reason);
    }

    // The approval is written, in its own statement, before the credit: if the credit fails,
    // the reconciliation job finds the charge and credits it (reconcile below).
    await repo.moveOn(db, id, ['pending', 'failed'], {
      status: 'charged',
      providerReference: result.providerReference,
      cardBrand: result.brand,
      cardCountry: info.country,
    });
    try {
      return await once(db, idempotency, 201, (tx) => credit(tx, id));
    } catch (error) {
      if (error instanceof StoredAnswer || error instanceof AppError) throw error;
      // The card is charged but nothing is credited yet: the job will credit it.
      throw new Error(`Card charge ${result.providerReference} approved but not credited yet`, {
        cause: error,
      });
    }
  }

  /**
   * Credits a charged card payment, exactly once: under the row's lock, a row already credited
   * (status approved) only gives its answer; the ledger's unique transfer reference is the last word.
   */
  async function credit(tx: Db, id: number): Promise<TCardPayment> {
    const row = await repo.lockById(tx, id);
    if (!row || (row.status !== 'charged' && row.status !== 'approved'))
      throw new Error(`Card payment ${id} is not charged`);
    if (row.status === 'charged') {
      const reference = `card:${id}`;
      await postTransfer(tx, {
        operationType: 'deposit',
        reference,
        details: { card_payment_id: id, provider_reference: row.providerReference },
        legs: [
          { account: userAccount(row.userId, 'USDT'), amount: minor(row.amount, 'USDT') },
          { account: companyAccount('USDT', COMPANY_PURPOSES.card), amount: minor(-row.amount, 'USDT') },
        ],
      });
      await recordOperation(tx, {
        userId: row.userId,
        operationType: 'deposit',
        currency: 'USDT',
        amount: row.amount,
        status: 'completed',
        reference,
        details: { method: 'card', card_last4: row.cardLast4, card_brand: row.cardBrand },
      });
      await repo.moveOn(tx, id, ['charged'], { status: 'approved' });
    }
    return {
      id,
      status: 'approved' as const,
      amount: formatMinor(row.amount, 'USDT'),
      amount_eur: formatEuro(row.amountEurCents),
      card: { brand: row.cardBrand, last4: row.cardLast4, country: row.cardCountry! },
    };
  }

  /**
   * The reconciliation job: credits every charge the provider approved whose credit failed (a
   * crash, a lost connection), each exactly once, whichever process runs it and however often.
   * Charges younger than `graceSeconds` are left to the request still crediting them.
   */
  async function reconcile(graceSeconds = 60): Promise<number> {
    let credited = 0;
    for (;;) {
      const ids = await repo.chargedNotCredited(db, graceSeconds, 100);
      for (const id of ids) {
        await db.transaction(async (tx) => {
          const row = await repo.lockById(tx, id);
          if (row?.status !== 'charged') return;
          await credit(tx, id);
          credited += 1;
        });
      }
      if (ids.length < 100) return credited;
    }
  }

  function isAccepted(info: TCardInfo): info is TCardInfo & { country: string } {
    return info.country !== null && acceptedCountries.includes(info.country);
  }

  function limits(): TCardLimits {
    return {
      min: formatMinor(CARD_RULES.min, 'USDT'),
      max: formatMinor(CARD_RULES.max, 'USDT'),
      kyc_above: formatMinor(CARD_RULES.kycAbove, 'USDT'),
      attempts_per_day: CARD_RULES.attemptsPerDay,
      attempts_per_month: CARD_RULES.attemptsPerMonth,
      allowed_countries: acceptedCountries,
    };
  }

  function euroRate(): z.input<typeof ZEuroRate> {
    return { rate: deps.usdtEurRate };
  }

  return { pay, limits, euroRate, reconcile };
}

/**
 * A decline says why when the reason helps the partner: insufficient funds is not a plain
 * decline (another card or a smaller amount may go through). Other reasons stay the bank's.
 */
function declined(reason: string): AppError {
  return fail.request(reason === 'insufficient_funds' ? 'cardInsufficientFunds' : 'cardDeclined');
}

/** A card is valid to the end of its expiry month (UTC). */
function isExpired(month: number, year: number, now: Date): boolean {
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * The provider's idempotency key for this charge. With an Idempotency-Key it is derived from the
 * key and the request, so a retry of the same request (after a timeout, or racing the first)
 * names the same charge at the provider and the card is charged once.
 */
function chargeReference(idempotency: TIdempotency | null): string {
  if (!idempotency) return `portal_${randomUUID()}`;
  const { userId, scope, key, requestHash } = idempotency;
  return `portal_${sha256(`${userId}\n${scope}\n${key}\n${requestHash}`).slice(0, 40)}`;
}

async function unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardProviderError) throw fail.unavailable('cardProviderUnavailable', error);
    throw error;
  }
}
