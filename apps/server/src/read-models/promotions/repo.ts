import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { TOccurrence } from '../../lib/windows';

/** A sale (docs/decisions.md "Seasonal promotions"): a completed tariff purchase of any kind inside the window. */
const SALE = sql`p.kind = 'tariff' and p.status = 'completed'`;
const inWindow = (window: TOccurrence) =>
  sql`p.created_at >= ${window.start.toISOString()}::timestamptz and p.created_at < ${window.end.toISOString()}::timestamptz`;

/** A partner's tree position and team size (team_stats.downline_count: the sponsor downline, kept by the counter worker). */
export async function partnerOf(
  db: Db,
  userId: number,
): Promise<{ sponsorDepth: number | null; downline: number } | null> {
  const [row] = await queryRows<{ sponsor_depth: number | null; downline: string | null }>(
    db,
    sql`select u.sponsor_depth, ts.downline_count::text as downline
        from users u left join team_stats ts on ts.user_id = u.id where u.id = ${userId}`,
  );
  return row ? { sponsorDepth: row.sponsor_depth, downline: Number(row.downline ?? 0) } : null;
}

/** Sales in one first-line branch: those of the invited partner heading it (personal) and of the whole branch. */
export type TBranchSales = { branchId: number; personal: number; team: number };

type TBranchRow = { branch: string; personal: string; team: string };
const branchesOf = (rows: TBranchRow[]): TBranchSales[] =>
  rows.map((row) => ({
    branchId: Number(row.branch),
    personal: Number(row.personal),
    team: Number(row.team),
  }));

/**
 * Small team: the sponsor downline walked down once (users_first_line_idx on mentor_id), each
 * partner carrying the first-line partner it descends from, joined with its tariff purchases
 * (purchases_user_idx) inside the window: the cost of the team.
 */
export async function branchSalesWalked(
  db: Db,
  ownerId: number,
  window: TOccurrence,
): Promise<TBranchSales[]> {
  return branchesOf(
    await queryRows<TBranchRow>(
      db,
      sql`with recursive down(id, branch) as (
            select id, id from users where mentor_id = ${ownerId}
            union all
            select u.id, down.branch from down join users u on u.mentor_id = down.id
          )
          select down.branch::text as branch,
                 count(*) filter (where p.user_id = down.branch)::text as personal,
                 count(*)::text as team
          from down join purchases p on p.user_id = down.id
          where ${SALE} and ${inWindow(window)}
          group by down.branch`,
    ),
  );
}

/**
 * Large team: the window's tariff purchases company-wide (purchases_created_idx), one
 * `sponsor_ancestor_at` walk up per distinct buyer (at most depth/512 + 22 reads) to the ancestor
 * one step below the owner; kept when that ancestor is a partner the owner invited. The cost of
 * the window's sales, never of the downline.
 */
export async function branchSalesScanned(
  db: Db,
  owner: { id: number; sponsorDepth: number },
  window: TOccurrence,
): Promise<TBranchSales[]> {
  return branchesOf(
    await queryRows<TBranchRow>(
      db,
      sql`select b.branch::text as branch,
                 coalesce(sum(b.sales) filter (where b.user_id = b.branch), 0)::text as personal,
                 sum(b.sales)::text as team
          from (select s.user_id, s.sales, sponsor_ancestor_at(s.user_id, ${owner.sponsorDepth + 1}) as branch
                from (select p.user_id, count(*) as sales from purchases p
                      where ${SALE} and ${inWindow(window)} group by p.user_id) s
                offset 0) b
          where (select a.mentor_id from users a where a.id = b.branch) = ${owner.id}
          group by b.branch`,
    ),
  );
}

/** The partner's own tariff purchases inside the window. */
export async function ownSales(db: Db, userId: number, window: TOccurrence): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    db,
    sql`select count(*)::text as count from purchases p where p.user_id = ${userId} and ${SALE} and ${inWindow(window)}`,
  );
  return Number(row!.count);
}

/** The partner's payouts of the given bonus types: how many, and what stayed credited (after reversals). */
export async function bonusTotals(
  db: Db,
  userId: number,
  types: readonly string[],
): Promise<Map<string, { count: number; amount: bigint }>> {
  const rows = await queryRows<{ bonus_type: string; count: string; amount: string }>(
    db,
    sql`select bonus_type, count(*)::text as count, coalesce(sum(credited - reversed_credited), 0)::text as amount
        from payouts where payee_id = ${userId} and bonus_type in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )}) and credited > 0 and reverses_payout_id is null
        group by bonus_type`,
  );
  return new Map(
    rows.map((row) => [row.bonus_type, { count: Number(row.count), amount: BigInt(row.amount) }]),
  );
}
