import type { TTeamMemberRow } from '@portal/contracts';

/** What is loaded of one partner's first line: its pages so far, in order. */
export type TFirstLineLoad = { members: TTeamMemberRow[]; hasMore: boolean; loading: boolean };

export type TReferralRow =
  | { kind: 'member'; key: string; member: TTeamMemberRow; depth: number; open: boolean }
  | { kind: 'more'; key: string; parentId: number; depth: number; loading: boolean };

/**
 * The sponsor tree's rows, depth first: the first line of `rootId`, and under each open partner
 * their own first line as far as loaded, ending with a "load more" row while pages remain.
 */
export function referralRows(
  rootId: number,
  open: ReadonlySet<number>,
  firstLineOf: (id: number) => TFirstLineLoad | undefined,
): TReferralRow[] {
  const rows: TReferralRow[] = [];
  // A tree never repeats a partner; the guard keeps a bad answer from looping for ever.
  const seen = new Set<number>([rootId]);
  const visit = (parentId: number, depth: number) => {
    const load = firstLineOf(parentId);
    if (!load) return;
    for (const member of load.members) {
      if (seen.has(member.id)) continue;
      seen.add(member.id);
      const isOpen = member.first_line_count > 0 && open.has(member.id);
      rows.push({ kind: 'member', key: `m${member.id}`, member, depth, open: isOpen });
      if (isOpen) visit(member.id, depth + 1);
    }
    if (load.hasMore || load.loading)
      rows.push({ kind: 'more', key: `more${parentId}`, parentId, depth, loading: load.loading });
  };
  visit(rootId, 0);
  return rows;
}
