import { SEARCH_MIN_LENGTH } from '@portal/contracts';

/** The query a downline search sends: trimmed. */
export const searchQuery = (typed: string) => typed.trim();

/**
 * Whether `typed` is worth a search: an ID (digits only) at any length, a name or an email from
 * three characters (the trigram index needs three).
 */
export function isSearchable(typed: string): boolean {
  const q = searchQuery(typed);
  return /^\d+$/.test(q) || q.length >= SEARCH_MIN_LENGTH;
}
