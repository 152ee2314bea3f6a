import { createHmac, randomUUID } from 'node:crypto';
import {
  amountProblem,
  formatMinor,
  parseMinor,
  type TCardPaymentRequest,
  type TMessageKey,
  type ZCardLimits,
  type ZCardPayment,
  type ZEuroRate,
} from '@portal/contracts';
import type { z } from 'zod';
import { CardProviderError, type TCardInfo, type TCardProvider } from '../../adapters/card/provider';
import type { TConfig } from '../../config';
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
    // Checked before the charge, not reserved: concurrent attempts of one card can each pass
    // the count (docs/decisions.md). The month first: when both are used up, waiting a day does not help.
    const attempts = await repo.countAttempts(db, attempt.cardFingerprint, LIMIT_REASONS);
    if (attempts.month >= CARD_RULES.attemptsPerMonth)
      return refuse('card_number', 'cardMonthlyAttempts', { limit: CARD_RULES.attemptsPerMonth });
    if (attempts.today >= CARD_RULES.attemptsPerDay)
      return refuse('card_number', 'cardDailyAttempts', { limit: CARD_RULES.attemptsPerDay });

    const info = await unlessUnavailable(() => provider.lookup(cardNumber));
    attempt.cardBrand = info.brand;
    attempt.cardCountry = info.country;
    if (!isAccepted(info)) return refuse('card_number', 'cardCountryNotAllowed');

    const result = await unlessUnavailable(() =>
      provider.charge({
        cardNumber,
        expiryMonth: request.expiry_month,
        expiryYear: request.expiry_year,
        cvc: request.cvc,
        holderName: request.holder_name,
        amountEurCents,
        reference: chargeReference(idempotency),
      }),
    );
    if (result.status === 'declined') {
      await repo.insertCardPayment(db, { ...attempt, status: 'declined', declineReason: result.reason });
      throw fail.request('cardDeclined');
    }

    try {
      return await once(db, idempotency, 201, async (tx) => {
        const id = await repo.insertCardPayment(tx, {
          ...attempt,
          cardBrand: result.brand,
          status: 'approved',
          providerReference: result.providerReference,
        });
        const reference = `card:${id}`;
        await postTransfer(tx, {
          operationType: 'deposit',
          reference,
          details: { card_payment_id: id, provider_reference: result.providerReference },
          legs: [
            { account: userAccount(userId, 'USDT'), amount },
            { account: companyAccount('USDT', COMPANY_PURPOSES.card), amount: -amount },
          ],
        });
        await recordOperation(tx, {
          userId,
          operationType: 'deposit',
          currency: 'USDT',
          amount,
          status: 'completed',
          reference,
          details: { method: 'card', card_last4: attempt.cardLast4, card_brand: result.brand },
        });
        return {
          id,
          status: 'approved' as const,
          amount: formatMinor(amount, 'USDT'),
          amount_eur: formatEuro(amountEurCents),
          card: { brand: result.brand, last4: attempt.cardLast4, country: info.country },
        };
      });
    } catch (error) {
      if (error instanceof StoredAnswer || error instanceof AppError) throw error;
      // The card is charged but nothing is credited: the log needs the provider's reference.
      throw new Error(`Card charge ${result.providerReference} approved but not credited`, { cause: error });
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

  return { pay, limits, euroRate };
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
