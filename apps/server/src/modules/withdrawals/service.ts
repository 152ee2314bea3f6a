import {
  formatMinor,
  formatMinorShort,
  minor,
  parseMinor,
  type TBulkApproveResult,
  type TWithdrawRequest,
  type TWithdrawalStatus,
} from '@portal/contracts';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, fail } from '../../http/errors';
import { csvLine } from '../../lib/csv';
import { verifyPassword } from '../../lib/passwords';
import * as accounts from '../accounts/repo';
import { audit } from '../audit/service';
import { debtOf } from '../compensation/service';
import { once, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { InsufficientFundsError, leg, postTransfer } from '../ledger/service';
import { mfaSecretOf, type TMfa } from '../mfa/service';
import type { TRateLimiter } from '../rate-limit/service';
import { recordOperation, updateOperation } from '../statement/service';
import { addressNetwork } from './address';
import * as repo from './repo';
import type { TWithdrawalRow } from './repo';

const statementReference = (id: number) => `withdrawal:${id}`;

/**
 * Withdrawals (compensation-plan.md section 11): the amount and the fee are held at request;
 * an admin approves, then marks it sent with the chain transaction hash, or rejects it and the
 * held money returns.
 */
export function createWithdrawals(deps: {
  db: Db;
  config: TConfig;
  /** Each chain currency's fee and limits in force now (an admin may change them: modules/configs/settings.ts). */
  rules: () => TConfig['withdrawals'];
  mfa: TMfa;
  rateLimiter: TRateLimiter;
}) {
  const { db, config } = deps;
  const contracts = Object.values(config.chain.contracts);

  const financeLimit = (userId: number) => ({
    key: `finance:user:${userId}`,
    limit: config.rateLimits.perAccount,
    windowSeconds: config.rateLimits.windowSeconds,
  });

  async function checkFinancePassword(userId: number, password: string) {
    const user = await accounts.findUserById(db, userId);
    if (!user) throw fail.unauthenticated();
    if (!user.financePasswordHash) throw fail.field('finance_password', 'financePasswordNotSet');
    await deps.rateLimiter.ensureUnder([financeLimit(userId)]);
    if (!(await verifyPassword(user.financePasswordHash, password))) {
      await deps.rateLimiter.countFailure([financeLimit(userId)]);
      throw fail.field('finance_password', 'financePasswordInvalid');
    }
    return user;
  }

  const holdLegs = (row: Pick<TWithdrawalRow, 'userId' | 'currency' | 'amount' | 'fee'>, sign: 1n | -1n) => {
    const { currency } = row;
    const total = (row.amount + row.fee) * sign;
    return [
      leg(userAccount(row.userId, currency), minor(-total, currency)),
      leg(userAccount(row.userId, currency, 'withdrawal_hold'), minor(total, currency)),
    ];
  };

  /** One admin decision: the status moves on from `from` only, with its money and its audit row. */
  async function decide(
    id: number,
    adminId: number,
    from: TWithdrawalRow['status'][],
    to: TWithdrawalStatus,
    patch: Partial<Pick<TWithdrawalRow, 'txHash' | 'sentAt' | 'reason'>>,
    work: (tx: Db, row: TWithdrawalRow) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const row = await repo.transition(tx, id, from, {
        status: to,
        decidedBy: adminId,
        decidedAt: new Date(),
        ...patch,
      });
      if (!row) {
        const exists = await repo.findWithdrawal(tx, id);
        if (!exists) throw fail.notFound();
        throw fail.conflict(to === 'sent' ? 'withdrawalNotApproved' : 'withdrawalNotPending');
      }
      await work(tx, row);
      await audit(tx, {
        userId: row.userId,
        actorId: adminId,
        action: `withdrawal.${to}`,
        details: { withdrawal_id: id },
      });
      const decided = (await repo.findWithdrawal(tx, id))!;
      return toAdmin(decided, (await accounts.findUserById(tx, row.userId))?.email ?? '');
    });
  }

  const approve = (id: number, adminId: number) =>
    decide(id, adminId, ['pending'], 'approved', {}, async (tx, row) => {
      await updateOperation(tx, statementReference(row.id), { status: 'approved' });
    });

  return {
    /** The form's numbers: fee, minimum, maximum and networks per currency. */
    limits() {
      return (['USDT', 'DXN'] as const).map((currency) => {
        const rule = deps.rules()[currency];
        return {
          currency,
          networks: rule.networks,
          fee: formatMinor(rule.fee, currency),
          min: formatMinor(rule.min, currency),
          max: formatMinor(rule.max, currency),
        };
      });
    },

    validateAddress(address: string) {
      const network = addressNetwork(address, contracts);
      return { valid: network !== null, network };
    },

    async request(
      caller: { id: number; sessionId: string | null },
      input: TWithdrawRequest,
      idempotency: TIdempotency | null,
    ) {
      const userId = caller.id;
      const rule = deps.rules()[input.currency];
      if (!rule.networks.includes(input.network)) throw fail.field('network', 'networkNotForCurrency');
      const network = addressNetwork(input.address, contracts);
      if (network === null) throw fail.field('address', 'addressInvalid');
      if (network !== input.network)
        throw fail.field('address', 'addressWrongNetwork', { network: input.network });
      const amount = parseMinor(input.amount, input.currency)!;
      if (amount < rule.min)
        throw fail.field('amount', 'amountBelowMinimum', {
          min: formatMinorShort(rule.min, input.currency),
          currency: input.currency,
        });
      if (amount > rule.max)
        throw fail.field('amount', 'amountAboveMaximum', {
          max: formatMinorShort(rule.max, input.currency),
          currency: input.currency,
        });
      await checkFinancePassword(userId, input.finance_password);
      const mfaSecret = await mfaSecretOf(db, userId);
      if (mfaSecret) {
        if (!input.code) throw fail.field('code', 'codeRequired');
        await deps.mfa.checkCode(userId, input.code, { sessionId: caller.sessionId }, mfaSecret);
      }
      // An open debt from reversed bonuses is repaid first (compensation-plan.md 5a).
      const debt = await debtOf(db, userId);
      if (debt > 0n) throw fail.request('withdrawalDebtOpen', { amount: formatMinor(debt, 'USDT') });

      return once(db, idempotency, 201, async (tx) => {
        const row = await repo.insertWithdrawal(tx, {
          userId,
          currency: input.currency,
          network: input.network,
          address: input.address.trim(),
          amount,
          fee: rule.fee,
          status: 'pending',
        });
        try {
          await postTransfer(tx, {
            operationType: 'withdrawal',
            reference: `withdrawal:${row.id}:hold`,
            legs: holdLegs(row, 1n),
          });
        } catch (error) {
          if (error instanceof InsufficientFundsError) throw fail.field('amount', 'amountAboveBalance');
          throw error;
        }
        await recordOperation(tx, {
          userId,
          operationType: 'withdrawal',
          currency: input.currency,
          amount: -(amount + rule.fee),
          status: 'pending',
          reference: statementReference(row.id),
          details: { address: row.address, network: row.network, fee: formatMinor(rule.fee, input.currency) },
        });
        await audit(tx, {
          userId,
          action: 'withdrawal.requested',
          details: { withdrawal_id: row.id },
        });
        return {
          id: row.id,
          status: 'pending' as const,
          amount: formatMinor(amount, input.currency),
          fee: formatMinor(rule.fee, input.currency),
        };
      });
    },

    approve,

    /** The money leaves: the held amount to the chain, the fee to the company. */
    send: (id: number, adminId: number, hash: string) => {
      // A BEP-20 hash is written 0x-prefixed, a TRON hash bare, as their explorers show them.
      const bare = hash.replace(/^0x/, '').toLowerCase();
      return decide(id, adminId, ['approved'], 'sent', { sentAt: new Date() }, async (tx, row) => {
        const txHash = row.network === 'TRC-20' ? bare : `0x${bare}`;
        await repo.transition(tx, id, ['sent'], { txHash });
        const currency = row.currency;
        await postTransfer(tx, {
          operationType: 'withdrawal',
          reference: `withdrawal:${row.id}:sent`,
          details: { tx_hash: txHash },
          legs: [
            leg(
              userAccount(row.userId, currency, 'withdrawal_hold'),
              minor(-(row.amount + row.fee), currency),
            ),
            leg(companyAccount(currency, COMPANY_PURPOSES.chain), minor(row.amount, currency)),
            ...(row.fee > 0n
              ? [leg(companyAccount(currency, COMPANY_PURPOSES.withdrawalFees), minor(row.fee, currency))]
              : []),
          ],
        });
        await updateOperation(tx, statementReference(row.id), { status: 'sent', hash: txHash });
      });
    },

    /** The held amount and fee return to the partner's balance. */
    reject: (id: number, adminId: number, reason: string) =>
      decide(id, adminId, ['pending', 'approved'], 'rejected', { reason }, async (tx, row) => {
        await postTransfer(tx, {
          operationType: 'refund',
          reference: `withdrawal:${row.id}:return`,
          details: { reason },
          legs: holdLegs(row, -1n),
        });
        await updateOperation(tx, statementReference(row.id), {
          status: 'rejected',
          details: {
            address: row.address,
            network: row.network,
            fee: formatMinor(row.fee, row.currency),
            reason,
          },
        });
      }),

    async list(filter: repo.TWithdrawalsFilter, page: number, pageSize: number) {
      const { count, rows } = await repo.listWithdrawals(db, filter, (page - 1) * pageSize, pageSize);
      return { count, results: rows.map(({ withdrawal, email }) => toAdmin(withdrawal, email)) };
    },

    /**
     * Approves each pending withdrawal of `ids`, each in its own transaction with its audit row,
     * in the order given: one that is no longer pending (or unknown) is refused with why, and the
     * others go on.
     */
    async approveMany(ids: readonly number[], adminId: number): Promise<TBulkApproveResult> {
      const result: TBulkApproveResult = { approved: [], refused: [] };
      for (const id of ids) {
        try {
          await approve(id, adminId);
          result.approved.push(id);
        } catch (error) {
          if (!(error instanceof AppError) || !('detail' in error.body)) throw error;
          result.refused.push({ id, detail: String(error.body.detail) });
        }
      }
      return result;
    },

    /**
     * The queue as CSV for the wallet team (the approved ones to send, say): a header row, then
     * every withdrawal the filter keeps, newest first, read a thousand at a time by id.
     */
    async *csv(filter: repo.TWithdrawalsFilter): AsyncGenerator<string> {
      yield csvLine(CSV_COLUMNS);
      let beforeId: number | undefined;
      for (;;) {
        const rows = await repo.withdrawalRows(db, { ...filter, beforeId }, 0, CSV_STEP);
        yield rows
          .map(({ withdrawal, email }) => {
            const line = toAdmin(withdrawal, email);
            return csvLine(CSV_COLUMNS.map((column) => line[column]));
          })
          .join('');
        if (rows.length < CSV_STEP) return;
        beforeId = rows.at(-1)!.withdrawal.id;
      }
    },
  };
}

/** The columns of the queue's CSV: what a wallet team needs to send each payout, and its state. */
const CSV_COLUMNS = [
  'id',
  'user_id',
  'email',
  'currency',
  'network',
  'address',
  'amount',
  'fee',
  'status',
  'tx_hash',
  'created_at',
  'decided_at',
] as const satisfies readonly (keyof ReturnType<typeof toAdmin>)[];
const CSV_STEP = 1000;

export type TWithdrawals = ReturnType<typeof createWithdrawals>;

function toAdmin(row: TWithdrawalRow, email: string) {
  const currency = row.currency;
  return {
    id: row.id,
    user_id: row.userId,
    email,
    currency,
    network: row.network,
    address: row.address,
    amount: formatMinor(row.amount, currency),
    fee: formatMinor(row.fee, currency),
    status: row.status,
    tx_hash: row.txHash,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}
