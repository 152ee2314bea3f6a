import { SPONSOR_LINE_LEVELS, type TPartnerDetail } from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import type { TAccounts } from '../../modules/accounts/service';
import { notesOf } from '../../modules/admin/service';
import { statementPage, type TLineDetailsOf } from '../../modules/statement/service';
import type { TTariffs } from '../../modules/tariffs/service';
import * as repo from './repo';

/** How many of the newest statement lines, sessions and notes the detail shows. */
const RECENT = { transactions: 10, sessions: 20, notes: 50 } as const;

/** A wallet address, as a search of the users list may be one (BEP-20 or TRC-20). */
const ADDRESS = /^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/;

/**
 * The back office's partner detail (issue 22): one partner as support needs to see them, read
 * from the modules that own each part.
 */
export function createPartners(deps: {
  db: Db;
  accounts: Pick<TAccounts, 'profile'>;
  tariffs: Pick<TTariffs, 'active'>;
  lineDetailsOf: TLineDetailsOf;
}) {
  const { db } = deps;
  return {
    async detail(id: number): Promise<TPartnerDetail> {
      const row = await repo.partnerRow(db, id);
      if (!row) throw fail.notFound();
      const [profile, sponsorLine, tariff, statement, sessions, notes] = await Promise.all([
        deps.accounts.profile(id),
        repo.sponsorLine(db, id, SPONSOR_LINE_LEVELS),
        deps.tariffs.active(id),
        statementPage(db, id, { ordering: '-date' }, 1, RECENT.transactions, deps.lineDetailsOf),
        repo.liveSessions(db, id, RECENT.sessions),
        notesOf(db, id, RECENT.notes),
      ]);
      const people = await repo.people(db, [
        ...(row.binaryParentId === null ? [] : [row.binaryParentId]),
        ...notes.flatMap((note) => (note.authorId === null ? [] : [note.authorId])),
      ]);
      return {
        profile,
        date_joined: row.dateJoined.toISOString(),
        sponsor_line: sponsorLine,
        binary: {
          parent: row.binaryParentId === null ? null : (people.get(row.binaryParentId) ?? null),
          position: row.binaryPosition,
          depth: row.binaryDepth,
          side: row.binarySide,
        },
        tariff,
        transactions: statement.results,
        sessions,
        notes: notes.map((note) => ({
          id: note.id,
          author: note.authorId === null ? null : (people.get(note.authorId) ?? null),
          text: note.text,
          created_at: note.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type TPartners = ReturnType<typeof createPartners>;

/** The partners a search of the users list names by a wallet address (deposit or withdrawal). */
export async function addressOwners(db: Db, search: string | undefined): Promise<number[]> {
  const text = search?.trim();
  return text && ADDRESS.test(text) ? repo.ownersOfAddress(db, text) : [];
}
