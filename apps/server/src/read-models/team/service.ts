import {
  formatMinor,
  PAGE_SIZE,
  SEARCH_LIMIT,
  SEARCH_MIN_LENGTH,
  type TBinaryLegBottom,
  type TBinaryObject,
  type TBinaryTree,
  type TBinaryTreeNode,
  type TDownlineSearch,
  type TRegistrationsRequest,
  type TTeamListKind,
  type TTeamMemberRow,
  type ZBinaryTreeRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { binaryLegsOf } from '../../modules/compensation/service';
import { isActive } from '../../modules/compensation/service';
import { downlineTarget, inDownline } from '../../modules/network/service';
import * as repo from './repo';
import type { TMemberInfo, TSide } from './repo';

/**
 * The most partners a downline (or the levels of a team) may hold for a list to walk it down
 * with one recursive query; above it the lists read the users table newest first by an index and
 * keep the downline with `binary_under`/`sponsor_under` (docs/team.md "Calls").
 */
export const SMALL_TEAM = 20_000;

const DEFAULT_TREE_DEPTH = 3;

/** A page of a team list before the route shapes it with `pageOf`. */
export type TMemberPage = { count: number; page: number; pageSize: number; results: TTeamMemberRow[] };

const USDT = (amount: bigint) => formatMinor(amount, 'USDT');

function tariffOf(info: TMemberInfo): Pick<TBinaryObject, 'tariff' | 'status'> {
  if (info.cap === null || info.earned === null) return { tariff: null, status: null };
  return {
    tariff: info.tariff,
    status: isActive(
      info.cap === null || info.earned === null ? null : { filled: info.earned, cap: info.cap },
    )
      ? 'Active'
      : 'Inactive',
  };
}

/** Where a list's rows get their leg (`rowsOf`). */
type TLegOfRows = TSide | Map<number, TSide> | 'placement' | 'lookup';

function memberRow(info: TMemberInfo, leg: TSide | null): TTeamMemberRow {
  return {
    id: info.id,
    username: info.username,
    first_name: info.firstName,
    last_name: info.lastName,
    // Emails only of the viewer's sponsor downline: a partner placed below the viewer in the
    // binary tree by someone else's invitation shows a name, never an address (docs/team.md).
    email: info.sponsored ? info.email : null,
    country_code: info.countryCode,
    date_joined: info.dateJoined.toISOString(),
    mentor_id: info.mentorId,
    ...tariffOf(info),
    leg,
    first_line_count: info.firstLineCount,
    downline_count: info.downlineCount,
  };
}

const sideOf = (value: string | null): TSide | null => (value === 'left' || value === 'right' ? value : null);

/**
 * The team calls of issue 9 (api.md "Team"): the binary tree, the team lists and the downline
 * search. Every call reads kept counters (team_stats, binary_legs) and indexed paths; none walks a
 * large downline (docs/team.md "Calls"). `smallTeam` is the walk threshold (tests lower it to
 * force the index paths).
 */
export function createTeam(deps: { db: Db; smallTeam?: number; pageSize?: number }) {
  const { db } = deps;
  const smallTeam = deps.smallTeam ?? SMALL_TEAM;
  const pageSize = deps.pageSize ?? PAGE_SIZE;

  const windowOf = (page: number): repo.TWindow => ({ limit: pageSize, offset: (page - 1) * pageSize });

  async function infoOf(id: number): Promise<TMemberInfo> {
    const info = (await repo.membersInfo(db, [id])).get(id);
    if (!info) throw fail.notFound();
    return info;
  }

  /** Binary nodes of the given partners: account, tariff, legs' volumes and counts (two queries). */
  async function nodesOf(
    ids: readonly number[],
  ): Promise<Map<number, TBinaryObject & { info: TMemberInfo }>> {
    const [infos, legs] = await Promise.all([repo.membersInfo(db, ids), binaryLegsOf(db, ids)]);
    const nodes = new Map<number, TBinaryObject & { info: TMemberInfo }>();
    for (const id of ids) {
      const info = infos.get(id);
      const leg = legs.get(id)!;
      if (!info) continue;
      nodes.set(id, {
        info,
        id,
        username: info.username,
        first_name: info.firstName,
        last_name: info.lastName,
        ...tariffOf(info),
        side: sideOf(info.binarySide) ?? 'left',
        left: { volume: USDT(leg.leftTotal), unpaid: USDT(leg.leftUnpaid), count: info.leftCount },
        right: { volume: USDT(leg.rightTotal), unpaid: USDT(leg.rightUnpaid), count: info.rightCount },
      });
    }
    return nodes;
  }

  /**
   * Rows of a list owned by `ownerId`, in the order of `ids`. `leg`: given (a one-leg list), known
   * per row (a page that found them), the first line's placement leg, or looked up for the page
   * only (`legsOf`: one walk up each).
   */
  async function rowsOf(viewerId: number, ownerId: number, ids: readonly number[], leg: TLegOfRows) {
    if (ids.length === 0) return [];
    const [infos, legs] = await Promise.all([
      repo.membersInfo(db, ids, viewerId),
      leg === 'lookup' ? repo.legsOf(db, ownerId, ids) : null,
    ]);
    const known = leg instanceof Map ? leg : legs;
    return ids
      .map((id) => infos.get(id))
      .filter((info): info is TMemberInfo => info !== undefined)
      .map((info) => {
        if (info.id === ownerId) return memberRow(info, null);
        if (leg === 'placement') return memberRow(info, sideOf(info.placementLeg));
        if (leg === 'lookup' || leg instanceof Map) return memberRow(info, known?.get(info.id) ?? null);
        return memberRow(info, leg);
      });
  }

  /**
   * The ids of a sponsor list (first line, a team level) of `target` the caller may see. A target
   * other than the caller is in the caller's binary downline, and so is its sponsor downline while
   * invitees sit under their mentor; an admin's mentor change (tariffs `changeMentor`) moves only
   * the sponsor relation, so a page keeps only the partners in the caller's binary downline (the
   * counts stay the kept counters).
   */
  const visible = async (callerId: number, target: number, ids: number[]): Promise<number[]> => {
    if (target === callerId || ids.length === 0) return ids;
    const allowed = await repo.underOf(db, callerId, ids);
    return ids.filter((id) => allowed.has(id));
  };

  const paged = async (
    viewerId: number,
    ownerId: number,
    page: number,
    count: number,
    ids: number[],
    leg: TLegOfRows,
  ): Promise<TMemberPage> => ({ count, page, pageSize, results: await rowsOf(viewerId, ownerId, ids, leg) });

  return {
    async binaryObject(callerId: number, userId?: number): Promise<TBinaryObject> {
      const target = await downlineTarget(db, callerId, userId);
      const node = (await nodesOf([target])).get(target);
      if (!node) throw fail.notFound();
      const { info: _info, ...object } = node;
      return object;
    },

    /**
     * A window of `depth` levels below the target, one children query per level for the whole
     * level (users_binary_slot_key), plus the toggled nodes and their children; then one query
     * for the children of the rest (`left_child_id`/`right_child_id`) and two for every node's
     * data: depth + 4 queries at most, whatever is open.
     */
    async binaryTree(callerId: number, request: z.output<typeof ZBinaryTreeRequest>): Promise<TBinaryTree> {
      const rootId = await downlineTarget(db, callerId, request.user_id);
      const depth = request.depth ?? DEFAULT_TREE_DEPTH;
      const toggled = [...new Set(request.toggled_ids ?? [])];
      if (toggled.length > 0) {
        const allowed = await repo.underOf(db, callerId, toggled);
        if (toggled.some((id) => !allowed.has(id))) throw fail.notFound();
      }
      const shown = new Set<number>([rootId]);
      const opened = new Set<number>();
      const childIds = new Map<number, { left: number | null; right: number | null }>();
      const open = async (parents: number[]) => {
        const children = await repo.childrenOf(db, parents);
        for (const parent of parents) {
          opened.add(parent);
          childIds.set(parent, { left: null, right: null });
        }
        for (const child of children) childIds.get(child.parentId)![child.position] = child.id;
        return children.map((child) => child.id);
      };
      let level = [rootId];
      for (let step = 0; step < depth && level.length > 0; step++) {
        level = await open(level);
        for (const id of level) shown.add(id);
      }
      const toOpen = toggled.filter((id) => !opened.has(id));
      for (const id of toggled) shown.add(id);
      for (const id of await open(toOpen)) shown.add(id);
      await open([...shown].filter((id) => !opened.has(id)));

      const nodes = await nodesOf([...shown]);
      const treeNode = (id: number): TBinaryTreeNode | null => {
        const node = nodes.get(id);
        if (!node) return null;
        const { info, ...object } = node;
        const children = childIds.get(id) ?? { left: null, right: null };
        const isRoot = id === rootId;
        return {
          ...object,
          parent_id: isRoot ? null : info.binaryParentId,
          position: isRoot ? null : sideOf(info.binaryPosition),
          left_child_id: children.left,
          right_child_id: children.right,
        };
      };
      const root = treeNode(rootId);
      if (!root) throw fail.notFound();
      return {
        root,
        nodes: [...shown]
          .filter((id) => id !== rootId)
          .map(treeNode)
          .filter((node): node is TBinaryTreeNode => node !== null),
      };
    },

    /** The bottom of a leg's outer edge: the kept pointer, then a walk forward (repo.legBottom). */
    async legBottom(callerId: number, userId: number | undefined, side: TSide): Promise<TBinaryLegBottom> {
      const target = await downlineTarget(db, callerId, userId);
      return repo.legBottom(db, target, side);
    },

    /**
     * First line, newest first: a page is read from users_first_line_idx. Count: `all` from
     * team_stats.first_line_count; one leg by an index-only count of that leg's range (a first
     * line of 100k partners: 100k index entries, no table rows).
     */
    async firstLine(callerId: number, userId: number | undefined, kind: TTeamListKind, page: number) {
      const target = await downlineTarget(db, callerId, userId);
      const leg = kind === 'all' ? null : kind;
      const [count, ids] = await Promise.all([
        leg ? repo.firstLineCountOn(db, target, leg) : infoOf(target).then((info) => info.firstLineCount),
        repo.firstLinePage(db, target, leg, windowOf(page)),
      ]);
      return paged(callerId, target, page, count, await visible(callerId, target, ids), 'placement');
    },

    /**
     * Registrations in the binary downline of the target (one leg: below its child there),
     * newest first. Size from team_stats: a small downline is walked down and sorted; a large one
     * is read newest first from the users primary key, each kept (and given its leg) by one walk up
     * to the target's child (`binary_ancestor_at`), its count the kept counter (or, with dates, a
     * count over the partners who joined in those days).
     */
    async registrations(
      callerId: number,
      body: TRegistrationsRequest,
      kind: TTeamListKind,
      page: number,
    ): Promise<TMemberPage> {
      const target = await downlineTarget(db, callerId, body.user_id);
      const info = await infoOf(target);
      const top = kind === 'all' ? target : await repo.childOn(db, target, kind);
      if (top === null) return paged(callerId, target, page, 0, [], 'lookup');
      const leg = kind === 'all' ? 'lookup' : kind;
      const range = { from: body.date_from, to: body.date_to };
      const size =
        kind === 'all'
          ? info.leftCount + info.rightCount
          : kind === 'left'
            ? info.leftCount
            : info.rightCount;
      const isCompanyRoot = info.binaryDepth === 0;
      if (size <= smallTeam && !isCompanyRoot) {
        const found = await repo.registrationsWalked(db, top, target, range, windowOf(page));
        return paged(callerId, target, page, found.count, found.ids, leg);
      }
      const [count, rows] = await Promise.all([
        range.from || range.to
          ? repo.registrationsCountScanned(db, top, target, range)
          : Promise.resolve(size),
        repo.registrationsScanned(
          db,
          { id: target, depth: info.binaryDepth ?? 0 },
          kind === 'all' ? null : kind,
          range,
          windowOf(page),
        ),
      ]);
      const ids = rows.map((row) => row.id);
      return paged(callerId, target, page, count, ids, new Map(rows.map((row) => [row.id, row.leg])));
    },

    /**
     * The partners at sponsor level `level` of the target. Count: team_stats.level_counts. When
     * the levels down to it hold no more than the threshold they are walked down (one recursive
     * query of `level` steps); else users_sponsor_level_idx gives that depth newest first, kept
     * by `sponsor_under`.
     */
    async teamLevel(callerId: number, userId: number | undefined, level: number, page: number) {
      const target = await downlineTarget(db, callerId, userId);
      const info = await infoOf(target);
      const within = info.levelCounts.slice(0, level).reduce((sum, count) => sum + count, 0);
      if (within <= smallTeam || info.sponsorDepth === null) {
        const found = await repo.levelWalked(db, target, level, windowOf(page));
        return paged(
          callerId,
          target,
          page,
          found.count,
          await visible(callerId, target, found.ids),
          'lookup',
        );
      }
      const ids = await repo.levelScanned(db, target, info.sponsorDepth + level, windowOf(page));
      return paged(
        callerId,
        target,
        page,
        info.levelCounts[level - 1] ?? 0,
        await visible(callerId, target, ids),
        'lookup',
      );
    },

    /**
     * Digits: that partner when in the caller's downline (the caller is never a result). Text of SEARCH_MIN_LENGTH characters or
     * more: a small downline walked down and filtered; a large one through the trigram index
     * users_search_idx, kept by `binary_under`; SEARCH_LIMIT rows, newest first.
     */
    async search(callerId: number, q: string): Promise<TDownlineSearch> {
      const text = q.trim();
      if (/^[0-9]+$/.test(text)) {
        const id = Number(text);
        const found = id !== callerId && id <= 2_147_483_647 && (await inDownline(db, callerId, id));
        return { results: found ? await rowsOf(callerId, callerId, [id], 'lookup') : [] };
      }
      if ([...text].length < SEARCH_MIN_LENGTH)
        throw fail.field('q', 'searchTooShort', { min: SEARCH_MIN_LENGTH });
      const info = await infoOf(callerId);
      const ids =
        info.leftCount + info.rightCount <= smallTeam
          ? await repo.searchWalked(db, callerId, text, SEARCH_LIMIT)
          : await repo.searchIndexed(db, callerId, text, SEARCH_LIMIT);
      return { results: await rowsOf(callerId, callerId, ids, 'lookup') };
    },
  };
}

export type TTeam = ReturnType<typeof createTeam>;
