import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, idArray, queryRows } from '../../db/client';
import { users } from '../../modules/accounts/schema';
import { products } from '../../modules/catalog/schema';
import { capWindows } from '../../modules/compensation/schema';
import { teamStats } from '../../modules/team-stats/schema';

export type TSide = 'left' | 'right';

/** What every team row shows of a partner: the account, the tariff held, the kept counters. */
export type TMemberInfo = {
  id: number;
  username: string | null;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  dateJoined: Date;
  mentorId: number | null;
  binarySide: string;
  binaryParentId: number | null;
  binaryPosition: string | null;
  binaryDepth: number | null;
  sponsorDepth: number | null;
  placementLeg: string | null;
  tariff: string | null;
  earned: bigint | null;
  cap: bigint | null;
  leftCount: number;
  rightCount: number;
  downlineCount: number;
  firstLineCount: number;
  levelCounts: number[];
  /** In the sponsor downline of the `viewerId` given to `membersInfo` (or the viewer); false without one. */
  sponsored: boolean;
};

/**
 * The given partners with their open cap window's tariff and their team counters: one query.
 * `viewerId`: whether each is the viewer or in the viewer's sponsor downline (`sponsored`).
 */
export async function membersInfo(
  db: Db,
  ids: readonly number[],
  viewerId?: number,
): Promise<Map<number, TMemberInfo>> {
  if (ids.length === 0) return new Map();
  const sponsored =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`(${users.id} = ${viewerId} or sponsor_under(${viewerId}::bigint, ${users.id}))`;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      countryCode: users.countryCode,
      dateJoined: users.dateJoined,
      mentorId: users.mentorId,
      binarySide: users.binarySide,
      binaryParentId: users.binaryParentId,
      binaryPosition: users.binaryPosition,
      binaryDepth: users.binaryDepth,
      sponsorDepth: users.sponsorDepth,
      placementLeg: users.placementLeg,
      tariff: products.name,
      earned: capWindows.earned,
      cap: capWindows.cap,
      leftCount: teamStats.leftCount,
      rightCount: teamStats.rightCount,
      downlineCount: teamStats.downlineCount,
      firstLineCount: teamStats.firstLineCount,
      levelCounts: teamStats.levelCounts,
      sponsored,
    })
    .from(users)
    .leftJoin(capWindows, and(eq(capWindows.userId, users.id), isNull(capWindows.closedAt)))
    .leftJoin(products, eq(products.id, capWindows.productId))
    .leftJoin(teamStats, eq(teamStats.userId, users.id))
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        leftCount: row.leftCount ?? 0,
        rightCount: row.rightCount ?? 0,
        downlineCount: row.downlineCount ?? 0,
        firstLineCount: row.firstLineCount ?? 0,
        levelCounts: row.levelCounts ?? [],
        sponsored: row.sponsored === true,
      },
    ]),
  );
}

export type TChild = { id: number; parentId: number; position: TSide };

/** The binary children of all the given partners: one query on users_binary_slot_key. */
export async function childrenOf(db: Db, parentIds: readonly number[]): Promise<TChild[]> {
  if (parentIds.length === 0) return [];
  const rows = await queryRows<{ id: string; parent_id: string; position: TSide }>(
    db,
    sql`select id::text as id, binary_parent_id::text as parent_id, binary_position as position
        from users where binary_parent_id = any(${idArray(parentIds)})`,
  );
  return rows.map((row) => ({ id: Number(row.id), parentId: Number(row.parent_id), position: row.position }));
}

/** The child of `parentId` on `side`, or null. */
export async function childOn(db: Db, parentId: number, side: TSide): Promise<number | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from users where binary_parent_id = ${parentId} and binary_position = ${side}`,
  );
  return row ? Number(row.id) : null;
}

/** Those of `ids` that are `topId` or below it in the binary tree: one `binary_under` walk up each. */
export async function underOf(db: Db, topId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select t.id::text as id from unnest(${idArray(ids)}) as t(id) where binary_under(${topId}::bigint, t.id)`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The leg of `ownerId`'s binary tree each of `ids` sits in (ids not below the owner left out): the
 * ancestor one step below the owner, one `binary_ancestor_at` walk up each.
 */
export async function legsOf(db: Db, ownerId: number, ids: readonly number[]): Promise<Map<number, TSide>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; leg: TSide | null }>(
    db,
    sql`select t.id::text as id,
               (select a.binary_position from users a where a.id = t.up and a.binary_parent_id = ${ownerId}) as leg
        from (select n.id, binary_ancestor_at(n.id, (select binary_depth + 1 from users where id = ${ownerId})) as up
              from unnest(${idArray(ids)}) as n(id) offset 0) t`,
  );
  const legs = new Map<number, TSide>();
  for (const row of rows) if (row.leg) legs.set(Number(row.id), row.leg);
  return legs;
}

/**
 * The last partner down the outer edge of `side` below `userId`: from the kept pointer of
 * binary_leg_ends when there is one (it only ever lags behind, never leaves the edge), else from
 * the child on that side; one recursive query walks forward down the same side (no locks: a read).
 */
export async function legBottom(db: Db, userId: number, side: TSide): Promise<{ id: number; depth: number }> {
  const [row] = await queryRows<{ id: string; depth: number }>(
    db,
    sql`with recursive start(id) as (
          select coalesce(
            (select bottom_id from binary_leg_ends where user_id = ${userId} and side = ${side}),
            ${userId}::bigint)
        ), edge(id, step) as (
          select id, 0 from start
          union all
          select u.id, edge.step + 1 from edge
          join users u on u.binary_parent_id = edge.id and u.binary_position = ${side}
        )
        select edge.id::text as id, b.binary_depth - t.binary_depth as depth
        from edge join users b on b.id = edge.id join users t on t.id = ${userId}
        order by edge.step desc limit 1`,
  );
  return { id: Number(row!.id), depth: Number(row!.depth) };
}

/** Which rows of a list a page takes. */
export type TWindow = { limit: number; offset: number };

/** A page of ids (newest first) and how many there are in all. */
export type TIdPage = { count: number; ids: number[] };

const pageIds = (raw: unknown): number[] => {
  const list = typeof raw === 'string' ? (JSON.parse(raw) as unknown[]) : ((raw ?? []) as unknown[]);
  return list.map(Number);
};

/** Counts and pages the ids of a materialized candidate set `found(id)` in one statement. */
async function countedPage(db: Db, found: SQL, { limit, offset }: TWindow): Promise<TIdPage> {
  const [row] = await queryRows<{ count: string; ids: unknown }>(
    db,
    sql`with found as materialized (${found})
        select (select count(*) from found)::text as count,
               (select coalesce(json_agg(p.id::text order by p.id desc), '[]'::json) from
                 (select found.id from found order by found.id desc limit ${limit} offset ${offset}) p) as ids`,
  );
  return { count: Number(row!.count), ids: pageIds(row!.ids) };
}

/** The `id` column of a query; its ORDER BY names the table's column (`u.id`), never the text alias. */
async function idsOf(db: Db, query: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(db, query);
  return rows.map((row) => Number(row.id));
}

/** `down(id)`: `topId` and its whole binary downline, one recursive query (small downlines only). */
const binaryDownline = (topId: number) =>
  sql`with recursive down(id) as (
        select ${topId}::bigint
        union all
        select u.id from down join users u on u.binary_parent_id = down.id
      )`;

/** `date_joined` within the given days (UTC, both inclusive); no condition without them. */
export type TDateRange = { from?: string; to?: string };
function joinedWithin(range: TDateRange): SQL {
  const parts: SQL[] = [sql`true`];
  if (range.from) parts.push(sql`u.date_joined >= (${range.from}::date)::timestamp at time zone 'UTC'`);
  if (range.to) parts.push(sql`u.date_joined < (${range.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

// ---- first line -----------------------------------------------------------------------------------

/**
 * The partners `mentorId` invited, newest first, on users_first_line_idx (mentor_id,
 * placement_leg, id): one leg is one index range (an index-only read of that first line, sorted);
 * `all` merges the ranges of both legs (and of partners not placed), each cut at the page's end.
 */
export async function firstLinePage(
  db: Db,
  mentorId: number,
  leg: TSide | null,
  page: TWindow,
): Promise<number[]> {
  const end = page.limit + page.offset;
  // Each range ordered and cut in its own subquery: an index-only backward read of at most `end`
  // entries, merged (Merge Append) across the legs. The mentor comes through an InitPlan
  // (`(select $1)`), so the planner estimates a first line of ordinary size: given the constant, it
  // knew the leader's 5,000 invitees and read the primary key backwards with a filter, which walks
  // every newer partner (the invitees are the oldest): 162 ms at 50,000 partners, against 0.2 ms
  // this way, 0.2 ms at a million (a materialized CTE, as before, read the whole range: 12 ms).
  const range = (condition: SQL) =>
    sql`(select id from users where mentor_id = (select ${mentorId}::bigint) and ${condition}
         order by id desc limit ${end})`;
  const ranges = leg
    ? range(sql`placement_leg = ${leg}`)
    : sql`${range(sql`placement_leg = 'left'`)} union all ${range(sql`placement_leg = 'right'`)}
          union all ${range(sql`placement_leg is null`)}`;
  return idsOf(
    db,
    sql`select r.id::text as id from (${ranges}) r order by r.id desc limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many partners `mentorId` placed in one leg: an index-only count on users_first_line_idx. */
export async function firstLineCountOn(db: Db, mentorId: number, leg: TSide): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    db,
    sql`select count(*)::text as count from users where mentor_id = ${mentorId} and placement_leg = ${leg}`,
  );
  return Number(row!.count);
}

// ---- registrations --------------------------------------------------------------------------------

/**
 * Small downline: one recursive walk down from `topId` (all of it is read, so only for a
 * downline under the threshold), filtered, counted and sorted newest first; `exceptId` (the
 * list's owner) left out.
 */
export function registrationsWalked(
  db: Db,
  topId: number,
  exceptId: number,
  range: TDateRange,
  page: TWindow,
): Promise<TIdPage> {
  return countedPage(
    db,
    sql`${binaryDownline(topId)}
        select u.id from down join users u on u.id = down.id where u.id <> ${exceptId} and ${joinedWithin(range)}`,
    page,
  );
}

/** A page of ids with the leg of the list owner's tree each sits in. */
export type TLegPage = { id: number; leg: TSide }[];

/**
 * Large downline: users read newest first on the primary key, each kept when its ancestor one
 * step below `ownerId` (at `ownerDepth + 1`, one `binary_ancestor_at` walk up of at most
 * depth/512 + 22 reads) is a child of the owner, on `leg` when given; that child's side is the
 * row's leg, so membership and leg cost one walk. A page costs the partners registered meanwhile
 * elsewhere, never the size of the downline.
 */
export async function registrationsScanned(
  db: Db,
  owner: { id: number; depth: number },
  leg: TSide | null,
  range: TDateRange,
  page: TWindow,
): Promise<TLegPage> {
  // Scalar subqueries, not joins: with a join the planner expects one row (the owner has two
  // children), hashes and sorts, and walks up from every partner of the company; this way the
  // primary key is read backwards and stops at the page's end. OFFSET 0 keeps the walk to one per row.
  const position = sql`(select a.binary_position from users a where a.id = t.up)`;
  const rows = await queryRows<{ id: string; leg: TSide }>(
    db,
    sql`select t.id::text as id, ${position} as leg
        from (select u.id, binary_ancestor_at(u.id, ${owner.depth + 1}) as up from users u
              where ${joinedWithin(range)} order by u.id desc offset 0) t
        where (select a.binary_parent_id from users a where a.id = t.up) = ${owner.id}
          ${leg ? sql`and ${position} = ${leg}` : sql``}
        limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => ({ id: Number(row.id), leg: row.leg }));
}

/**
 * How many registrations of a large downline fall in a date range: the partners who joined in it
 * company-wide, each checked with `binary_under` (the cost of the range, not of the downline).
 */
export async function registrationsCountScanned(
  db: Db,
  topId: number,
  exceptId: number,
  range: TDateRange,
): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    db,
    sql`select count(*)::text as count from users u
        where u.id <> ${exceptId} and ${joinedWithin(range)} and binary_under(${topId}::bigint, u.id)`,
  );
  return Number(row!.count);
}

// ---- team levels ----------------------------------------------------------------------------------

/** Small team: the sponsor tree walked down `level` levels only, that level kept, counted and paged. */
export function levelWalked(db: Db, topId: number, level: number, page: TWindow): Promise<TIdPage> {
  return countedPage(
    db,
    sql`with recursive down(id, level) as (
          select id, 1 from users where mentor_id = ${topId}
          union all
          select u.id, down.level + 1 from down join users u on u.mentor_id = down.id where down.level < ${level}
        )
        select id from down where level = ${level}`,
    page,
  );
}

/**
 * Large team: the partners at that absolute sponsor depth, newest first on
 * users_sponsor_level_idx (sponsor_depth, id), each kept when `sponsor_under(top)`.
 */
export function levelScanned(db: Db, topId: number, depth: number, page: TWindow): Promise<number[]> {
  return idsOf(
    db,
    sql`select u.id::text as id from users u
        where u.sponsor_depth = ${depth} and sponsor_under(${topId}::bigint, u.id)
        order by u.id desc limit ${page.limit} offset ${page.offset}`,
  );
}

// ---- search ---------------------------------------------------------------------------------------

/** The searched text, exactly as users_search_idx indexes it. */
const SEARCHED = sql`lower(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' || coalesce(u.username, ''))`;

/**
 * A found partner's match stands: their email is searched only when they are in the searcher's
 * sponsor downline (elsewhere the row shows no email, and the search must not tell one either).
 */
const MATCH_SHOWN = (topId: number, pattern: string) =>
  sql`(lower(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.username, '')) like ${pattern}
       or sponsor_under(${topId}::bigint, u.id))`;

/** `%text%` for LIKE, with `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Small downline: walked down from `topId` (left out) and filtered by the text; newest first. */
export function searchWalked(db: Db, topId: number, text: string, limit: number): Promise<number[]> {
  return idsOf(
    db,
    sql`${binaryDownline(topId)}
        select u.id::text as id from down join users u on u.id = down.id
        where u.id <> ${topId} and ${SEARCHED} like ${likePattern(text)}
          and ${MATCH_SHOWN(topId, likePattern(text))}
        order by u.id desc limit ${limit}`,
  );
}

/** Large downline: the trigram index users_search_idx finds the text, `binary_under` keeps the downline. */
export function searchIndexed(db: Db, topId: number, text: string, limit: number): Promise<number[]> {
  return idsOf(
    db,
    sql`select u.id::text as id from users u
        where u.id <> ${topId} and ${SEARCHED} like ${likePattern(text)} and binary_under(${topId}::bigint, u.id)
          and ${MATCH_SHOWN(topId, likePattern(text))}
        order by u.id desc limit ${limit}`,
  );
}
