import { sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client';

/** A payout as its statement line shows it (Transactions: `details` of a bonus line). */
export type TPayoutLine = {
  id: number;
  eventId: number | null;
  ordinal: number | null;
  purchaseId: number | null;
  buyerId: number | null;
  /** The kind of product the purchase was. */
  kind: string | null;
  period: string | null;
  level: number | null;
  leg: string | null;
  base: bigint;
  rateBp: number;
  gross: bigint;
  capTook: bigint;
  lost: bigint;
  /** Matching: the contract's type of the bonus it matches. */
  sourceBonusType: string | null;
  sourcePayeeId: number | null;
  planVersion: string;
  /** A reversal: the payout it reverses; else null. */
  reversesPayoutId: number | null;
  credited: bigint;
  debt: bigint;
};

export type TLineDetails = Record<string, string | number | boolean | null>;

/** The details of a bonus line (api.md "Transactions"): its payout, the purchase, how it was computed. */
export function lineDetails(payout: TPayoutLine): TLineDetails {
  const details: TLineDetails = {
    payout_id: payout.id,
    event_id: payout.eventId,
    ordinal: payout.eventId === null ? null : payout.ordinal,
    purchase_id: payout.purchaseId,
    buyer_id: payout.buyerId,
    kind: payout.kind,
    period: payout.period,
    level: payout.level,
    leg: payout.leg,
    base: payout.base.toString(),
    rate_bp: payout.rateBp,
    gross: payout.gross.toString(),
    cap_took: payout.capTook.toString(),
    lost: payout.lost.toString(),
    source_bonus_type: payout.sourceBonusType,
    source_payee_id: payout.sourcePayeeId,
    plan_version: payout.planVersion,
  };
  // A qualification bonus names the rank it rewards.
  if (payout.period?.startsWith('rank:')) details.rank = payout.period.slice('rank:'.length);
  if (payout.reversesPayoutId !== null) {
    details.reversal = true;
    details.reverses_payout_id = payout.reversesPayoutId;
    details.reversed = (-payout.credited).toString();
    details.debt = payout.debt.toString();
  }
  return details;
}

type TRawLine = {
  id: string;
  event_id: string | null;
  ordinal: number | null;
  purchase_id: string | null;
  buyer_id: string | null;
  kind: string | null;
  period: string | null;
  level: number | null;
  leg: string | null;
  base: string;
  rate_bp: number;
  gross: string;
  cap_took: string;
  lost: string;
  source_bonus_type: string | null;
  source_payee_id: string | null;
  plan_version: string;
  reverses_payout_id: string | null;
  credited: string;
  debt: string;
};

/**
 * The details of the bonus lines of these payouts, read from the payouts in one statement (the
 * fold writes its lines with the payout's id only: write.ts). Another partner's payout is read
 * too: the statement asks only for the ids on its partner's own lines. `buyer_id` names the buyer
 * only when the buyer is the payee or in the payee's sponsor downline, as the payout's explanation
 * does: a promo-code customer from another line stays anonymous.
 */
export async function bonusLineDetails(
  db: Db,
  payoutIds: readonly number[],
): Promise<Map<number, TLineDetails>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await queryRows<TRawLine>(
    db,
    sql`select p.id::text as id, p.event_id::text as event_id, p.ordinal, p.purchase_id::text as purchase_id,
               case when pu.user_id = p.payee_id or sponsor_under(p.payee_id, pu.user_id)
                    then pu.user_id::text end as buyer_id,
               e.details->>'product_kind' as kind, p.period, p.level, p.leg,
               p.base::text as base, p.rate_bp, p.gross::text as gross, p.cap_took::text as cap_took,
               p.lost::text as lost, p.source_bonus_type, p.source_payee_id::text as source_payee_id,
               p.plan_version, p.reverses_payout_id::text as reverses_payout_id,
               p.credited::text as credited, p.debt::text as debt
        from payouts p
        left join purchases pu on pu.id = p.purchase_id
        left join compensation_events e on e.id = p.event_id
        where p.id = any(${idArray(payoutIds)})`,
  );
  const number = (value: string | number | null) => (value === null ? null : Number(value));
  return new Map(
    rows.map((row) => [
      Number(row.id),
      lineDetails({
        id: Number(row.id),
        eventId: number(row.event_id),
        ordinal: number(row.ordinal),
        purchaseId: number(row.purchase_id),
        buyerId: number(row.buyer_id),
        kind: row.kind,
        period: row.period,
        level: number(row.level),
        leg: row.leg,
        base: BigInt(row.base),
        rateBp: Number(row.rate_bp),
        gross: BigInt(row.gross),
        capTook: BigInt(row.cap_took),
        lost: BigInt(row.lost),
        sourceBonusType: row.source_bonus_type,
        sourcePayeeId: number(row.source_payee_id),
        planVersion: row.plan_version,
        reversesPayoutId: number(row.reverses_payout_id),
        credited: BigInt(row.credited),
        debt: BigInt(row.debt),
      }),
    ]),
  );
}
