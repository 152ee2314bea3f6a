import {
  type TFraudAccount,
  type TFraudReviewRequest,
  type TFraudScanResult,
  type TFraudSignal,
  type TFraudSignalsQuery,
  ZFraudSignalDetails,
} from '@portal/contracts';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { identitiesOf } from '../accounts/service';
import { audit } from '../audit/service';
import { DISPOSABLE_EMAIL_DOMAINS } from './disposable-domains';
import * as repo from './repo';
import type { TDetectedSignal, TFraudSignalRow } from './repo';

export type { TDetectedSignal };

/** What a detection looks for: the thresholds of the configuration and the built-in domain list. */
export type TDetectionRules = {
  disposableDomains: readonly string[];
  signupBurst: TConfig['fraud']['signupBurst'];
};

/**
 * Finds every signal in the data of now, in a few set-based statements. It reads other modules'
 * tables, so it lives in a read model (read-models/fraud), handed over by app.ts: this module
 * records what it finds and never names another module's table.
 */
export type TDetector = (rules: TDetectionRules) => Promise<TDetectedSignal[]>;

const identity = (user: { id: number; email: string; firstName: string; lastName: string }) => ({
  id: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`.trim(),
});

/** The fraud signals: the check that records them, support's queue and decisions. */
export function createFraud(deps: {
  db: Db;
  detect: TDetector;
  signupBurst: TConfig['fraud']['signupBurst'];
}) {
  const { db } = deps;
  const rules: TDetectionRules = {
    disposableDomains: DISPOSABLE_EMAIL_DOMAINS,
    signupBurst: deps.signupBurst,
  };

  /** The rows as the API answers them, each account (and the decider) named: one look-up per page. */
  async function answers(rows: readonly TFraudSignalRow[]): Promise<TFraudSignal[]> {
    const ids = new Set(
      rows.flatMap((row) => (row.decidedBy ? [...row.userIds, row.decidedBy] : row.userIds)),
    );
    const people = new Map<number, TFraudAccount>(
      (await identitiesOf(db, [...ids])).map((user) => [user.id, identity(user)]),
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      key: row.key,
      status: row.status,
      details: ZFraudSignalDetails.parse(row.details),
      accounts: row.userIds.flatMap((id) => people.get(id) ?? []),
      first_seen: row.firstSeen.toISOString(),
      last_seen: row.lastSeen.toISOString(),
      detected_at: row.detectedAt.toISOString(),
      reopened_at: row.reopenedAt?.toISOString() ?? null,
      decided_by: row.decidedBy === null ? null : (people.get(row.decidedBy) ?? null),
      decided_at: row.decidedAt?.toISOString() ?? null,
      reason: row.reason,
    }));
  }

  return {
    /** One check: every signal found now, recorded (the job's run and support's "Check now"). */
    async check(): Promise<TFraudScanResult> {
      const found = await deps.detect(rules);
      const { opened, reopened } = await repo.recordSignals(db, found);
      return { signals: found.length, opened, reopened };
    },

    async page(query: TFraudSignalsQuery, pageSize: number) {
      const { count, rows } = await repo.signalPage(db, query, (query.page - 1) * pageSize, pageSize);
      return { count, results: await answers(rows) };
    },

    /**
     * Support confirms or dismisses a signal, with the reason in the audit log (status before and
     * after), in one transaction. A decided signal may be decided the other way (support changed
     * their mind); the same decision twice answers 409.
     */
    async review(actorId: number, id: number, request: TFraudReviewRequest): Promise<TFraudSignal> {
      const decided = await db.transaction(async (tx) => {
        const row = await repo.lockSignal(tx, id);
        if (!row) throw fail.notFound('fraudSignalNotFound');
        if (row.status === request.decision)
          throw fail.conflict(
            request.decision === 'confirmed' ? 'fraudSignalConfirmedAlready' : 'fraudSignalDismissedAlready',
          );
        const updated = await repo.decideSignal(tx, id, {
          status: request.decision,
          decidedBy: actorId,
          reason: request.reason,
        });
        await audit(tx, {
          userId: actorId,
          action: 'fraud.review',
          target: `fraud_signal:${id}`,
          reason: request.reason,
          before: { status: row.status },
          after: { status: updated.status },
          details: { kind: row.kind, key: row.key, user_ids: row.userIds },
        });
        return updated;
      });
      return (await answers([decided]))[0]!;
    },
  };
}

export type TFraud = ReturnType<typeof createFraud>;
