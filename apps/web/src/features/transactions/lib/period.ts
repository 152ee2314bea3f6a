/**
 * What a periodic bonus's `period` names (packages/compensation: `rank:<Name>` for a rank reached,
 * `YYYY-MM` for a leader pool month, `YYYY-MM-DD` for a node income day), so that the partner
 * reads a rank, a month or a day and never the internal text.
 */
export type TPeriod =
  | { kind: 'rank'; rank: string }
  | { kind: 'month'; month: string }
  | { kind: 'day'; day: string }
  | { kind: 'other'; text: string };

export function periodOf(period: string): TPeriod {
  const rank = /^rank:(.+)$/.exec(period);
  if (rank) return { kind: 'rank', rank: rank[1]! };
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return { kind: 'month', month: period };
  if (/^\d{4}-(0[1-9]|1[0-2])-\d{2}$/.test(period)) return { kind: 'day', day: period };
  return { kind: 'other', text: period };
}
