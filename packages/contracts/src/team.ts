import { z } from 'zod';
import { ZBinarySide } from './accounts';
import { zDate, zId, zPage, ZTimestamp } from './common';
import { zSafeString } from './fields';
import { MESSAGES } from './messages';
import { ZMoney } from './money';
import { ZTariffStatus } from './tariffs';

// ---- team and structure (issue 9): api.md "Team", product-spec.md sections 2, 3 and 7 -------------
// Every call that takes `user_id` answers 404 for anyone outside the caller's own binary downline
// (which holds the sponsor downline: a partner's invitees are placed under them). Absent: the caller.

/** Sponsor levels the team views count (compensation-plan.md: matching goes 10 levels deep). */
export const TEAM_LEVELS = 10;

/** `{user_id?}`: a partner of the caller's downline, or the caller. */
export const ZTeamTarget = z.object({ user_id: zId.optional() }).strict();
export type TTeamTarget = z.infer<typeof ZTeamTarget>;

/** One leg of a binary node: lifetime BV, BV waiting to pair, partners in it. */
export const ZBinaryLeg = z.object({
  volume: ZMoney,
  unpaid: ZMoney,
  count: z.number().int(),
});
export type TBinaryLeg = z.infer<typeof ZBinaryLeg>;

/**
 * POST /api/v1/mlm/get-binary-object/ (api.md): a node. `tariff` is the name of the tariff held
 * (null: none bought), `status` its state (null: none), `side` the leg where this partner places
 * the partners they invite.
 */
export const ZBinaryObject = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  tariff: z.string().nullable(),
  status: ZTariffStatus.nullable(),
  side: ZBinarySide,
  left: ZBinaryLeg,
  right: ZBinaryLeg,
});
export type TBinaryObject = z.infer<typeof ZBinaryObject>;

/** The most nodes whose children one get-binary-tree call may toggle open. */
export const MAX_TOGGLED_IDS = 64;

/** POST /api/v1/mlm/get-binary-tree/: a window of `depth` levels below `user_id`, plus the children of `toggled_ids`. */
export const ZBinaryTreeRequest = z
  .object({
    user_id: zId.optional(),
    depth: z
      .number({ error: MESSAGES.invalidValue })
      .int({ error: MESSAGES.invalidValue })
      .min(1, { error: MESSAGES.invalidValue })
      .max(4, { error: MESSAGES.invalidValue })
      .default(3),
    toggled_ids: z.array(zId).max(MAX_TOGGLED_IDS).default([]),
  })
  .strict();
export type TBinaryTreeRequest = z.input<typeof ZBinaryTreeRequest>;

/**
 * A node of a tree window: its parent in the window (null for the window's root) and its place
 * under it; `left_child_id`/`right_child_id` say whether there is more to open below.
 */
export const ZBinaryTreeNode = ZBinaryObject.extend({
  parent_id: z.number().int().nullable(),
  position: ZBinarySide.nullable(),
  left_child_id: z.number().int().nullable(),
  right_child_id: z.number().int().nullable(),
});
export type TBinaryTreeNode = z.infer<typeof ZBinaryTreeNode>;

export const ZBinaryTree = z.object({ root: ZBinaryTreeNode, nodes: z.array(ZBinaryTreeNode) });
export type TBinaryTree = z.infer<typeof ZBinaryTree>;

/** POST /api/v1/mlm/binary-leg-bottom/: the last partner down the outer edge of a leg ("jump to the bottom"). */
export const ZBinaryLegBottomRequest = z.object({ user_id: zId.optional(), side: ZBinarySide }).strict();
export type TBinaryLegBottomRequest = z.infer<typeof ZBinaryLegBottomRequest>;
export const ZBinaryLegBottom = z.object({ id: z.number().int(), depth: z.number().int() });
export type TBinaryLegBottom = z.infer<typeof ZBinaryLegBottom>;

/**
 * A partner in a team list (first line, registrations, search). `leg`: the leg of the list's
 * owner this partner sits in (null for the owner). `downline_count`/`first_line_count` from the
 * kept counters. `email`: only for the caller's own sponsor downline (and the caller); null for a
 * partner who is in the caller's binary downline alone.
 */
export const ZTeamMemberRow = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  country_code: z.string(),
  date_joined: ZTimestamp,
  mentor_id: z.number().int().nullable(),
  tariff: z.string().nullable(),
  status: ZTariffStatus.nullable(),
  leg: ZBinarySide.nullable(),
  first_line_count: z.number().int(),
  downline_count: z.number().int(),
});
export type TTeamMemberRow = z.infer<typeof ZTeamMemberRow>;

/** A page of team members (first line, registrations, a team level). */
export const ZTeamMemberPage = zPage(ZTeamMemberRow);
export type TTeamMemberPage = z.infer<typeof ZTeamMemberPage>;

/** `{kind}` of first-line/{kind} and get-registrations-tables/{kind}: everyone, or one binary leg. */
export const TEAM_LIST_KINDS = ['all', 'left', 'right'] as const;
export const ZTeamListKind = z.enum(TEAM_LIST_KINDS, { error: MESSAGES.invalidValue });
export type TTeamListKind = z.infer<typeof ZTeamListKind>;
export const ZTeamListParams = z.object({ kind: ZTeamListKind });
export type TTeamListParams = z.infer<typeof ZTeamListParams>;

/**
 * POST /api/v1/mlm/first-line/{kind}/ (+ `?page=`): the partners `user_id` personally invited,
 * newest first; `left`/`right`: those placed in that leg. first-line-for-user takes the same body
 * and answers `all`.
 */
export const ZFirstLineRequest = ZTeamTarget;
export type TFirstLineRequest = z.infer<typeof ZFirstLineRequest>;

/**
 * POST /api/v1/mlm/get-registrations-tables/{kind}/ (+ `?page=`): registrations in the binary
 * downline of `user_id` (`left`/`right`: in that leg), newest first, optionally from a date.
 */
export const ZRegistrationsRequest = z
  .object({
    user_id: zId.optional(),
    date_from: zDate.optional(),
    date_to: zDate.optional(),
  })
  .strict();
export type TRegistrationsRequest = z.infer<typeof ZRegistrationsRequest>;

/**
 * POST /api/v1/mlm/structure_list/: at each sponsor level 1..10, the partners (`count`, api.md)
 * and their active nodes, devices and virtual nodes (`nodes`, product-spec.md section 2).
 */
export const ZStructureLevel = z.object({
  level: z.number().int(),
  count: z.number().int(),
  nodes: z.number().int(),
});
export type TStructureLevel = z.infer<typeof ZStructureLevel>;
export const ZStructureList = z.array(ZStructureLevel);
export type TStructureList = z.infer<typeof ZStructureList>;

/** POST /api/v1/mlm/team-level/ (+ `?page=`): the partners at one sponsor level of `user_id`. */
export const ZTeamLevelRequest = z
  .object({
    user_id: zId.optional(),
    level: z
      .number({ error: MESSAGES.invalidValue })
      .int({ error: MESSAGES.invalidValue })
      .min(1, { error: MESSAGES.invalidValue })
      .max(TEAM_LEVELS, { error: MESSAGES.invalidValue }),
  })
  .strict();
export type TTeamLevelRequest = z.infer<typeof ZTeamLevelRequest>;

export const ZEmptyRequest = z.object({}).strict();
export type TEmptyRequest = z.infer<typeof ZEmptyRequest>;

/**
 * POST /api/v1/mlm/referral_structure_info/ (product-spec.md section 3, api.md). Devices are
 * active physical nodes (a device order's, or included with a tariff); a branch = one first-line
 * partner and their sponsor downline.
 */
export const ZReferralStructureInfo = z.object({
  users_count: z.number().int(),
  users_count_first_line: z.number().int(),
  levels_count: z.number().int(),
  total_devices_in_all_branches: z.number().int(),
  max_branch_devices_count: z.number().int(),
  other_branches_devices_sum: z.number().int(),
});
export type TReferralStructureInfo = z.infer<typeof ZReferralStructureInfo>;

/**
 * POST /api/v1/mlm/company_stats/: `total_devices` = every active node of the company (devices
 * and virtual nodes), `purchased_devices_count` = active physical devices, `packages_500_count` =
 * tariff 500 purchases not refunded.
 */
export const ZCompanyStats = z.object({
  total_devices: z.number().int(),
  packages_500_count: z.number().int(),
  purchased_devices_count: z.number().int(),
});
export type TCompanyStats = z.infer<typeof ZCompanyStats>;

/**
 * POST /api/v1/mlm/get_purchase_statistics_by_packages/: tariff purchases in each binary leg of
 * the caller, by tariff, and the caller's lifetime binary bonus (credited, net of reversals).
 */
export const ZPackageStatistic = z.object({
  package: z.string(),
  left: z.number().int(),
  right: z.number().int(),
});
export type TPackageStatistic = z.infer<typeof ZPackageStatistic>;
export const ZPurchaseStatistics = z.object({
  binary_bonus: ZMoney,
  purchase_statistics: z.array(ZPackageStatistic),
});
export type TPurchaseStatistics = z.infer<typeof ZPurchaseStatistics>;

/** POST /api/v1/mlm/get_qualification/ (api.md): rank null below Bronze, next_rank null at Diamond. */
export const ZQualification = z.object({
  rank: z.string().nullable(),
  next_rank: z.string().nullable(),
  weak_leg_volume: ZMoney,
  next_rank_volume: ZMoney.nullable(),
});
export type TQualification = z.infer<typeof ZQualification>;

/** The fewest characters a downline search takes (the trigram index needs three). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_LIMIT = 20;

/** POST /api/v1/mlm/downline-search/: partners of the caller's downline by name, email or id. */
export const ZDownlineSearchRequest = z
  .object({
    q: zSafeString(100).pipe(z.string().min(1, { error: MESSAGES.fieldRequired })),
  })
  .strict();
export type TDownlineSearchRequest = z.infer<typeof ZDownlineSearchRequest>;
export const ZDownlineSearch = z.object({ results: z.array(ZTeamMemberRow) });
export type TDownlineSearch = z.infer<typeof ZDownlineSearch>;
