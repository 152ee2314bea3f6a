import { randomUUID } from 'node:crypto';
import { minor, parseMinor, type TAdjustmentRequest, type TCurrency } from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { audit } from '../audit/service';
import { once, type TIdempotency } from '../idempotency/service';
import { recordOperation } from '../statement/service';
import { checkAmountBound } from './bounds';
import { companyAccount, COMPANY_PURPOSES, userAccount } from './accounts';
import { InsufficientFundsError, leg, postTransfer } from './service';

/** Whether a user id names a partner (not the company root): the accounts module answers it (app.ts). */
export type TIsPartner = (db: Db, userId: number) => Promise<boolean>;

/**
 * The admin call: the amount is a non-zero decimal of the currency (a minus debits), applied once
 * per Idempotency-Key.
 */
export async function requestAdjustment(
  db: Db,
  adminId: number,
  body: TAdjustmentRequest,
  idempotency: TIdempotency | null,
  amountMax: Record<TCurrency, bigint>,
  isPartner: TIsPartner,
): Promise<{ success: true }> {
  const amount = parseMinor(body.amount, body.currency);
  if (amount === null || amount === 0n) throw fail.field('amount', 'invalidValue');
  checkAmountBound(amount, body.currency, amountMax);
  return once(db, idempotency, 201, async (tx) => {
    if (!(await isPartner(tx, body.user_id))) throw fail.field('user_id', 'notFound');
    await adjustBalance(tx, {
      userId: body.user_id,
      currency: body.currency,
      amount,
      reason: body.reason,
      adminId,
    });
    return { success: true as const };
  });
}

/**
 * An operator's correction of a partner's spendable balance: a balanced transfer against the
 * company's adjustments account, with its reason, in the statement and the audit log.
 */
export async function adjustBalance(
  db: Db,
  input: { userId: number; currency: TCurrency; amount: bigint; reason: string; adminId: number },
): Promise<void> {
  const purpose = input.currency === 'DFT' ? 'dft_available' : 'main';
  const reference = `adjustment:${randomUUID()}`;
  try {
    await postTransfer(db, {
      operationType: 'adjustment',
      reference,
      details: { reason: input.reason, admin_id: input.adminId },
      legs: [
        leg(userAccount(input.userId, input.currency, purpose), minor(input.amount, input.currency)),
        leg(
          companyAccount(input.currency, COMPANY_PURPOSES.adjustments),
          minor(-input.amount, input.currency),
        ),
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw fail.field('amount', 'amountAboveBalance');
    throw error;
  }
  await recordOperation(db, {
    userId: input.userId,
    operationType: 'adjustment',
    currency: input.currency,
    amount: input.amount,
    status: 'completed',
    reference,
    details: { reason: input.reason },
  });
  await audit(db, {
    userId: input.userId,
    actorId: input.adminId,
    action: 'ledger.adjusted',
    details: { currency: input.currency, amount: input.amount.toString(), reason: input.reason },
  });
}
