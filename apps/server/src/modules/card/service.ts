import { randomUUID } from 'node:crypto';
import {
  amountProblem,
  formatMessage,
  formatMinor,
  MESSAGES,
  minor,
  parseMinor,
  type TCardPayment,
  type TCardPaymentRequest,
  type TCardPaymentSession,
  type TCardPaymentStatus,
  type TCurrency,
  type TMessageKey,
  type ZCardLimits,
  type ZEuroRate,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  CardProviderError,
  type TCardProvider,
  type TCardWebhookEvent,
  ZCardWebhookEvent,
} from '../../adapters/card/provider';
import { checkWebhook } from '../../adapters/card/webhook';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, fail } from '../../http/errors';
import { sha256 } from '../../lib/crypto';
import { findUserById } from '../accounts/repo';
import { once, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { checkAmountBound } from '../ledger/bounds';
import { postTransfer } from '../ledger/service';
import { recordOperation } from '../statement/service';
import * as repo from './repo';
import { CARD_RULES, euroCents, formatEuro, plainUsdt } from './rules';

type TCardLimits = z.input<typeof ZCardLimits>;

/** Refusals for being over an attempt limit: recorded, but not counted as attempts. */
const LIMIT_REASONS = ['cardDailyAttempts', 'cardMonthlyAttempts'] as const satisfies TMessageKey[];

export type TCardDeps = {
  db: Db;
  provider: TCardProvider;
  card: Pick<TConfig['card'], 'allowedCountries' | 'prohibitedCountries'>;
  /** EUR per 1 USDT in force now (USDT_EUR_RATE, which an admin may change: modules/configs/settings.ts). */
  usdtEurRate: () => string;
  /** Where the provider's page sends the partner back: `<publicUrl>/transactions?card_payment=<id>`. */
  publicUrl: string;
  /** The largest amount any call takes (config.amountMax); beyond it nothing is recorded. */
  amountMax?: Record<TCurrency, bigint>;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

export type TCardPayments = ReturnType<typeof createCardPayments>;

/**
 * Card top-up through the provider's hosted page (product-spec.md sections 5 and 9,
 * compensation-plan.md section 10, api.md "Pinned for the back office"). The portal opens a
 * payment session for the amount; the partner types the card on the provider's page, so no card
 * number or CVC ever reaches the portal; the provider's signed webhook says the card is
 * authorized, with its fingerprint and issuing country; the portal checks the card's country and
 * attempt limits, then captures the amount and credits it, exactly once.
 */
export function createCardPayments(deps: TCardDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const acceptedCountries = deps.card.allowedCountries.filter(
    (country) => !deps.card.prohibitedCountries.includes(country),
  );

  /**
   * Opens a payment session for `amount` USDT, charged in euro (amount x USDT_EUR_RATE rounded up
   * to the cent). The amount's rules are checked first: a refusal answers 400 and opens nothing.
   * The same Idempotency-Key opens the same session at the provider and answers the same payment.
   */
  async function open(
    userId: number,
    request: TCardPaymentRequest,
    idempotency: TIdempotency | null,
  ): Promise<TCardPaymentSession> {
    const problem = amountProblem(request.amount, 'USDT');
    if (problem) throw fail.fields({ amount: [problem] });
    const amount: bigint = parseMinor(request.amount, 'USDT')!;
    if (deps.amountMax) checkAmountBound(amount, 'USDT', deps.amountMax);
    if (amount < CARD_RULES.min)
      throw fail.field('amount', 'cardAmountBelowMinimum', { min: plainUsdt(CARD_RULES.min) });
    if (amount > CARD_RULES.max)
      throw fail.field('amount', 'cardAmountAboveMaximum', { max: plainUsdt(CARD_RULES.max) });
    if (amount > CARD_RULES.kycAbove) {
      const user = await findUserById(db, userId);
      if (user?.kycStatus !== 'verified')
        throw fail.field('amount', 'cardKycRequired', { limit: plainUsdt(CARD_RULES.kycAbove) });
    }
    const amountEurCents = euroCents(amount, deps.usdtEurRate());
    const reference = chargeReference(idempotency);
    // The row's id is the return URL's, so it is taken first; the provider's session is opened
    // outside any transaction (an HTTP call), and is the same session when opened again.
    const id = await repo.nextId(db);
    const session = await unlessUnavailable(() =>
      provider.openSession({
        reference,
        amountEurCents,
        returnUrl: `${deps.publicUrl}/transactions?card_payment=${id}`,
      }),
    );
    return once(db, idempotency, 201, async (tx) => {
      await repo.insertCardPayment(tx, {
        id,
        userId,
        amount,
        amountEurCents,
        status: 'pending',
        chargeReference: reference,
        providerPaymentId: session.paymentId,
      });
      return { payment_id: id, url: session.url, status: 'pending' as const };
    });
  }

  /**
   * A webhook of the provider: its signature is checked over the raw body first (401 without a
   * good one, 400 when signed too long ago: a replay), then it moves its payment on exactly once.
   * Delivered twice, or after the payment has moved on, it changes nothing. A provider that cannot
   * capture answers 503, so the provider delivers it again (and the reconciliation job retries).
   */
  async function receive(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
    const check = checkWebhook(provider.webhookSecret, rawBody, signature, now());
    if (check === 'unsigned' || check === 'bad-signature')
      throw new AppError(401, { detail: MESSAGES.webhookSignatureInvalid });
    if (check === 'stale') throw fail.request('webhookStale');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      parsed = null;
    }
    const event = ZCardWebhookEvent.safeParse(parsed);
    if (!event.success) throw fail.request('invalidValue');
    const decision = await decide(event.data);
    if (decision.kind === 'cancel')
      await provider.cancel(decision.paymentId).catch((error: unknown) => {
        // The authorization lapses at the bank by itself; nothing was captured.
        deps.log?.warn({ err: error, paymentId: decision.paymentId }, 'card authorization not cancelled');
      });
    if (decision.kind === 'capture') await captureAndCredit(decision.id, decision.paymentId);
    return { received: true };
  }

  type TDecision = { kind: 'none' } | { kind: 'cancel' | 'capture'; id: number; paymentId: string };

  /** What the event does to its payment, decided under the payment's lock and its card's. */
  function decide(event: TCardWebhookEvent): Promise<TDecision> {
    const { payment } = event;
    return db.transaction(async (tx): Promise<TDecision> => {
      const row = await repo.lockByProviderPayment(tx, payment.id);
      // Another provider's payment, or one this event has moved on already (a second delivery).
      if (!row || row.status !== 'pending') return { kind: 'none' };
      if (payment.reference !== row.chargeReference || BigInt(payment.amount) !== row.amountEurCents)
        throw fail.request('invalidValue');
      const card = {
        cardFingerprint: payment.card.fingerprint,
        cardLast4: payment.card.last4,
        cardBrand: payment.card.brand,
        cardCountry: payment.card.country,
      };
      if (event.type === 'payment.failed') {
        await repo.moveOn(tx, row.id, ['pending'], {
          ...card,
          status: 'declined',
          declineReason: payment.decline_reason ?? 'card_declined',
        });
        return { kind: 'none' };
      }
      const refuse = async (reason: TMessageKey): Promise<TDecision> => {
        await repo.moveOn(tx, row.id, ['pending'], { ...card, status: 'refused', declineReason: reason });
        return { kind: 'cancel', id: row.id, paymentId: payment.id };
      };
      if (payment.card.country === null || !acceptedCountries.includes(payment.card.country))
        return refuse('cardCountryNotAllowed');
      // Counted under the card's lock (every process, every connection), so no burst of
      // payments of one card gets past a limit.
      const counted = await repo.countAttemptsLocked(tx, payment.card.fingerprint, LIMIT_REASONS);
      // The month first: when both are used up, waiting a day does not help.
      if (counted.month >= CARD_RULES.attemptsPerMonth) return refuse('cardMonthlyAttempts');
      if (counted.today >= CARD_RULES.attemptsPerDay) return refuse('cardDailyAttempts');
      await repo.moveOn(tx, row.id, ['pending'], { ...card, status: 'authorized' });
      return { kind: 'capture', id: row.id, paymentId: payment.id };
    });
  }

  /**
   * Captures an authorized payment and credits it. The capture's answer is written, in its own
   * statement, before the credit: if the credit fails, the reconciliation job finds the charge and
   * credits it. A provider without an answer leaves the payment authorized (503: delivered again).
   */
  async function captureAndCredit(id: number, paymentId: string): Promise<void> {
    let result;
    try {
      result = await provider.capture(paymentId);
    } catch (error) {
      if (error instanceof CardProviderError) throw fail.unavailable('cardProviderUnavailable', error);
      throw error;
    }
    if (result.status === 'declined') {
      await repo.moveOn(db, id, ['authorized'], { status: 'declined', declineReason: result.reason });
      return;
    }
    await repo.moveOn(db, id, ['authorized'], {
      status: 'charged',
      providerReference: result.providerReference,
    });
    await db.transaction((tx) => credit(tx, id));
  }

  /**
   * Credits a charged card payment, exactly once: under the row's lock, a row already credited
   * (status approved) is left; the ledger's unique transfer reference is the last word.
   */
  async function credit(tx: Db, id: number): Promise<void> {
    const row = await repo.lockById(tx, id);
    if (row?.status !== 'charged') return;
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

  /**
   * The reconciliation job: captures authorized payments whose capture did not happen (the
   * provider did not answer) and credits every charge whose credit failed (a crash, a lost
   * connection), each exactly once, whichever process runs it and however often. Payments younger
   * than `graceSeconds` are left to the webhook still handling them.
   */
  async function reconcile(graceSeconds = 60): Promise<number> {
    let credited = 0;
    for (const row of await repo.stuck(db, 'authorized', graceSeconds, 100)) {
      try {
        await captureAndCredit(row.id, row.providerPaymentId!);
        credited += 1;
      } catch (error) {
        deps.log?.warn({ err: error, id: row.id }, 'card capture failed; retried on the next run');
      }
    }
    for (;;) {
      const rows = await repo.stuck(db, 'charged', graceSeconds, 100);
      for (const row of rows) {
        await db.transaction(async (tx) => {
          const locked = await repo.lockById(tx, row.id);
          if (locked?.status !== 'charged') return;
          await credit(tx, row.id);
          credited += 1;
        });
      }
      if (rows.length < 100) return credited;
    }
  }

  /** A partner's own card payment, as they follow it after the provider's page; 404 for another's. */
  async function payment(userId: number, id: number): Promise<TCardPayment> {
    const row = await repo.findById(db, id);
    if (!row || row.userId !== userId) throw fail.notFound('cardPaymentNotFound');
    return {
      payment_id: row.id,
      status: STATUS_SHOWN[row.status],
      amount: formatMinor(row.amount, 'USDT'),
      amount_eur: formatEuro(row.amountEurCents),
      card:
        row.cardLast4 && row.cardBrand
          ? { brand: row.cardBrand, last4: row.cardLast4, country: row.cardCountry }
          : null,
      reason: reasonOf(row),
      created_at: row.createdAt.toISOString(),
    };
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
    return { rate: deps.usdtEurRate() };
  }

  return { open, receive, payment, limits, euroRate, reconcile };
}

const STATUS_SHOWN: Record<repo.TCardPaymentRow['status'], TCardPaymentStatus> = {
  pending: 'pending',
  authorized: 'processing',
  charged: 'processing',
  approved: 'approved',
  declined: 'declined',
  refused: 'refused',
  failed: 'failed',
};

const LIMIT_VALUES: Partial<Record<TMessageKey, Record<string, number>>> = {
  cardDailyAttempts: { limit: CARD_RULES.attemptsPerDay },
  cardMonthlyAttempts: { limit: CARD_RULES.attemptsPerMonth },
};

/**
 * Why a payment did not go through, in the portal's words: a refusal names its rule; a decline
 * says insufficient funds when the bank says so (another card or a smaller amount may go
 * through), otherwise that the bank declined.
 */
function reasonOf(row: repo.TCardPaymentRow): string | null {
  const reason = row.declineReason;
  if (row.status === 'refused' && reason && reason in MESSAGES)
    return formatMessage(MESSAGES[reason as TMessageKey], LIMIT_VALUES[reason as TMessageKey]);
  if (row.status === 'declined')
    return reason === 'insufficient_funds' ? MESSAGES.cardInsufficientFunds : MESSAGES.cardDeclined;
  if (row.status === 'failed') return MESSAGES.cardProviderUnavailable;
  return null;
}

/**
 * The provider's idempotency key for this payment. With an Idempotency-Key it is derived from the
 * key and the request, so a retry of the same request (after a timeout, or racing the first)
 * names the same session at the provider.
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
