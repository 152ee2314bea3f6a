import {
  formatMinor,
  TEAM_LEVELS,
  type TCompanyStats,
  type TPurchaseStatistics,
  type TQualification,
  type TReferralStructureInfo,
  type TStructureList,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { binaryLegsOf, binaryPathsOf, PLAN, type TBinaryNode } from '../compensation/service';
import { bonusTypeTotalOf } from '../ledger/balances';
import { downlineTarget } from '../network/service';
import * as repo from './repo';
import type { TStats } from './repo';

/** Rows of each kind (new partners, nodes, tariff purchases) folded per transaction. */
export const TEAM_BATCH = 500;

/**
 * Folds new partners, node status changes and tariff purchases (and refunds) into the team
 * counters (docs/team.md "Counters") until none is left, a batch per transaction; returns how
 * many rows were folded. While another process holds the counters' lock this one returns at once.
 */
export async function drainTeamCounters(db: Db, batch = TEAM_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.transaction((tx) => foldBatch(tx, batch));
    if (result === null) return total;
    total += result.count;
    if (!result.more) return total;
  }
}

type TStep = { id: number; leg: 'left' | 'right' };

/** The binary ancestors of `userId`, nearest first, each with the leg the path enters it by. */
function binaryUp(nodes: Map<number, TBinaryNode>, userId: number): TStep[] {
  const path: TStep[] = [];
  for (let node = nodes.get(userId); node && node.parentId !== null && node.position;) {
    path.push({ id: node.parentId, leg: node.position });
    node = nodes.get(node.parentId);
  }
  return path;
}

/** The sponsor ancestors of `userId`, nearest (the mentor) first. */
function sponsorUp(mentors: Map<number, number | null>, userId: number): number[] {
  const chain: number[] = [];
  for (let at = mentors.get(userId) ?? null; at !== null; at = mentors.get(at) ?? null) chain.push(at);
  return chain;
}

const branchOf = (stats: TStats) => stats.own + stats.downlineDevices;

/**
 * One batch in the caller's transaction (null when another holds the lock): every count of the
 * batch is applied in memory to the rows it touches, which are then written whole (absolute
 * values), with the rows' counted markers, so a batch counts all of its rows once or none.
 */
export async function foldBatch(tx: Db, limit: number): Promise<{ count: number; more: boolean } | null> {
  if (!(await repo.tryLock(tx))) return null;
  const users = await repo.pendingUsers(tx, limit);
  const nodes = await repo.pendingNodes(tx, limit);
  const tariffs = await repo.pendingTariffs(tx, limit);
  const count = users.length + nodes.length + tariffs.length;
  if (count === 0) return { count, more: false };

  const physical = nodes.filter((node) => node.physical);
  const binary = await binaryPathsOf(tx, [...users, ...tariffs.map((tariff) => tariff.userId)]);
  const mentors = await repo.sponsorPaths(tx, [...users, ...nodes.map((node) => node.userId)]);
  const stats = await repo.statsOf(tx, [
    ...new Set([...users.flatMap((id) => binaryUp(binary, id).map((step) => step.id)), ...mentors.keys()]),
  ]);
  const row = (id: number) => stats.get(id)!;

  for (const id of users) {
    for (const step of binaryUp(binary, id)) row(step.id)[step.leg] += 1;
    sponsorUp(mentors, id).forEach((ancestorId, index) => {
      const level = index + 1;
      const ancestor = row(ancestorId);
      ancestor.downline += 1;
      if (level <= TEAM_LEVELS) ancestor.levelCounts[level - 1]! += 1;
      ancestor.levels = Math.max(ancestor.levels, level);
      if (level === 1) ancestor.firstLine += 1;
    });
  }

  // Nodes of every kind, by sponsor level: the owner's own, and each of 10 ancestors' level.
  for (const node of nodes) {
    const delta = node.active ? 1 : -1;
    row(node.userId).ownNodes += delta;
    sponsorUp(mentors, node.userId)
      .slice(0, TEAM_LEVELS)
      .forEach((ancestorId, index) => (row(ancestorId).levelNodes[index]! += delta));
  }

  // Devices: the owner's own, every sponsor ancestor's downline; the branch through which each
  // ancestor is reached decides its most-devices branch (after every count of the batch).
  const branches = new Map<number, Set<number>>();
  const lowered = new Set<number>();
  for (const node of physical) {
    const delta = node.active ? 1 : -1;
    row(node.userId).own += delta;
    let child = node.userId;
    for (const ancestorId of sponsorUp(mentors, node.userId)) {
      row(ancestorId).downlineDevices += delta;
      branches.set(ancestorId, (branches.get(ancestorId) ?? new Set()).add(child));
      if (delta < 0) lowered.add(ancestorId);
      child = ancestorId;
    }
  }
  for (const [ancestorId, children] of branches) {
    if (lowered.has(ancestorId)) continue;
    for (const child of children)
      row(ancestorId).maxBranch = Math.max(row(ancestorId).maxBranch, branchOf(row(child)));
  }
  // A decrement may lower the largest branch: recomputed from the first line (this batch's values first).
  for (const id of lowered) row(id).maxBranch = 0;
  for (const member of await repo.firstLines(tx, [...lowered])) {
    const ancestor = row(member.mentorId);
    ancestor.maxBranch = Math.max(
      ancestor.maxBranch,
      branchOf(stats.get(member.stats.userId) ?? member.stats),
    );
  }

  await repo.saveStats(tx, [...stats.values()]);
  await foldTariffs(tx, tariffs, binary);
  await foldCompany(tx, nodes, tariffs);
  await repo.markUsers(tx, users);
  await repo.markNodes(tx, nodes);
  await repo.markTariffs(tx, tariffs);
  return { count, more: users.length === limit || nodes.length === limit || tariffs.length === limit };
}

/** Tariff purchases (+1) and refunds (-1) in the leg of every binary ancestor of the buyer. */
async function foldTariffs(
  tx: Db,
  tariffs: readonly repo.TPendingTariff[],
  binary: Map<number, TBinaryNode>,
) {
  const moves = tariffs.flatMap((tariff) =>
    binaryUp(binary, tariff.userId).map((step) => ({
      ...step,
      productId: tariff.productId,
      delta: tariff.live ? 1 : -1,
    })),
  );
  const counts = await repo.packageCountsOf(
    tx,
    moves.map((move) => ({ userId: move.id, productId: move.productId })),
  );
  for (const move of moves) counts.get(repo.packageKey(move.id, move.productId))![move.leg] += move.delta;
  await repo.savePackageCounts(tx, [...counts.values()]);
}

async function foldCompany(
  tx: Db,
  nodes: readonly repo.TPendingNode[],
  tariffs: readonly repo.TPendingTariff[],
) {
  if (nodes.length === 0 && !tariffs.some((tariff) => tariff.code === repo.PACKAGE_500_CODE)) return;
  const counters = await repo.companyCounters(tx);
  for (const node of nodes) {
    const delta = node.active ? 1 : -1;
    counters.totalDevices += delta;
    if (node.physical) counters.purchasedDevices += delta;
  }
  for (const tariff of tariffs)
    if (tariff.code === repo.PACKAGE_500_CODE) counters.packages500 += tariff.live ? 1 : -1;
  await repo.saveCompanyCounters(tx, counters);
}

/**
 * After an admin moved a partner to another mentor (tariffs `changeMentor`, in its transaction):
 * the sponsor counters of both upline chains (from the old and the new mentor to the top) are
 * recomputed from their first lines, deepest first, under the counters' lock. The moved partner's
 * own counters and everyone else's do not change. Costs the first lines along both chains.
 */
export async function rebaseSponsorCounters(tx: Db, mentorIds: readonly (number | null)[]): Promise<void> {
  await repo.lock(tx);
  const starts = mentorIds.filter((id): id is number => id !== null);
  const mentors = await repo.sponsorPaths(tx, starts);
  const depth = (id: number) => sponsorUp(mentors, id).length;
  const chain = [...mentors.keys()].sort((a, b) => depth(b) - depth(a));
  const stats = await repo.statsOf(tx, chain);
  const members = await repo.firstLines(tx, chain);
  for (const id of chain) {
    const next = stats.get(id)!;
    Object.assign(next, { downline: 0, firstLine: 0, levels: 0, downlineDevices: 0, maxBranch: 0 });
    next.levelCounts = new Array<number>(TEAM_LEVELS).fill(0);
    next.levelNodes = new Array<number>(TEAM_LEVELS).fill(0);
    for (const member of members.filter((item) => item.mentorId === id)) {
      const child = stats.get(member.stats.userId) ?? member.stats;
      const self = member.counted ? 1 : 0;
      next.downline += self + child.downline;
      next.firstLine += self;
      next.levelCounts[0]! += self;
      next.levelNodes[0]! += child.ownNodes;
      for (let level = 2; level <= TEAM_LEVELS; level++) {
        next.levelCounts[level - 1]! += child.levelCounts[level - 2]!;
        next.levelNodes[level - 1]! += child.levelNodes[level - 2]!;
      }
      next.levels = Math.max(next.levels, self, child.levels > 0 ? child.levels + 1 : 0);
      next.downlineDevices += branchOf(child);
      next.maxBranch = Math.max(next.maxBranch, branchOf(child));
    }
  }
  await repo.saveStats(tx, [...stats.values()]);
}

export function createTeamStats(deps: { db: Db }) {
  const { db } = deps;
  const statsOf = async (userId: number) => (await repo.statsOf(db, [userId])).get(userId)!;

  return {
    /** Partners at each sponsor level 1..10 of the caller or a partner of their downline. */
    async structureList(callerId: number, userId?: number): Promise<TStructureList> {
      const stats = await statsOf(await downlineTarget(db, callerId, userId));
      return stats.levelCounts.map((count, index) => ({
        level: index + 1,
        count,
        nodes: stats.levelNodes[index] ?? 0,
      }));
    },

    async referralStructureInfo(callerId: number): Promise<TReferralStructureInfo> {
      const stats = await statsOf(callerId);
      return {
        users_count: stats.downline,
        users_count_first_line: stats.firstLine,
        levels_count: stats.levels,
        total_devices_in_all_branches: stats.downlineDevices,
        max_branch_devices_count: stats.maxBranch,
        other_branches_devices_sum: stats.downlineDevices - stats.maxBranch,
      };
    },

    async companyStats(): Promise<TCompanyStats> {
      const counters = await repo.companyCounters(db);
      return {
        total_devices: counters.totalDevices,
        packages_500_count: counters.packages500,
        purchased_devices_count: counters.purchasedDevices,
      };
    },

    /** Kept counters only: the binary bonus by its key, the tariffs' counts by theirs. */
    async purchaseStatistics(callerId: number): Promise<TPurchaseStatistics> {
      const [bonus, packages] = [
        await bonusTypeTotalOf(db, callerId, 'binary'),
        await repo.packageStatistics(db, callerId),
      ];
      return {
        binary_bonus: formatMinor(bonus, 'USDT'),
        purchase_statistics: packages.map((item) => ({
          package: item.name,
          left: item.left,
          right: item.right,
        })),
      };
    },

    /** The caller's rank, weaker leg's lifetime volume, and the next rank with the volume it takes. */
    async qualification(callerId: number): Promise<TQualification> {
      const legs = (await binaryLegsOf(db, [callerId])).get(callerId)!;
      const weaker = legs.leftTotal < legs.rightTotal ? legs.leftTotal : legs.rightTotal;
      const reached = PLAN.ranks.findIndex((rank) => rank.name === legs.rank);
      const next = PLAN.ranks[reached + 1] ?? null;
      return {
        rank: legs.rank,
        next_rank: next?.name ?? null,
        weak_leg_volume: formatMinor(weaker, 'USDT'),
        next_rank_volume: next ? formatMinor(next.weakerLegVolume, 'USDT') : null,
      };
    },
  };
}

export type TTeamStats = ReturnType<typeof createTeamStats>;
