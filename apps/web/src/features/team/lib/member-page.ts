import type { TTeamMemberRow } from '@portal/contracts';

/** A page of team members (api.md "Conventions": `count`, `next`, `previous`, `current`, `results`). */
export type TMemberPage = {
  count: number;
  next: string | null;
  previous: string | null;
  current: number;
  results: TTeamMemberRow[];
};
