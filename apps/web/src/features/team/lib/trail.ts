/**
 * The way down the binary tree, as the address bar keeps it (`?trail=12.40.77`): the partners put
 * at the top one after another, the last one at the top now; empty: the partner themselves. Kept
 * in the address, so reload, a shared link and the browser's Back keep the place.
 */
export function parseTrail(value: string | null): number[] {
  if (!value) return [];
  const ids = value.split('.').map(Number);
  return ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647) ? ids.slice(-50) : [];
}

export const formatTrail = (trail: number[]) => trail.join('.');

/** The trail after putting `id` at the top: back to it if it is on the way already, else one step on. */
export function descend(trail: number[], id: number, me?: number): number[] {
  if (id === me) return [];
  const at = trail.indexOf(id);
  return at >= 0 ? trail.slice(0, at + 1) : [...trail, id];
}

/** One step back up the way that led here. */
export const up = (trail: number[]) => trail.slice(0, -1);
