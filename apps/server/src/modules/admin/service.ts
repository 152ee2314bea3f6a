import type { TOutboxMail, TPartnerNote } from '@portal/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxPage } from '../../adapters/mail';
import { fail } from '../../http/errors';
import { findUserById } from '../accounts/repo';
import { audit } from '../audit/service';
import { partnerNotes } from './schema';

export type TNoteRow = typeof partnerNotes.$inferSelect;

/** The newest notes on a partner, newest first. */
export async function notesOf(db: Db, userId: number, limit = 50): Promise<TNoteRow[]> {
  return db
    .select()
    .from(partnerNotes)
    .where(eq(partnerNotes.userId, userId))
    .orderBy(desc(partnerNotes.id))
    .limit(limit);
}

export function createAdmin(deps: { db: Db }) {
  const { db } = deps;
  return {
    async outbox(
      to: string | undefined,
      page: number,
      pageSize: number,
    ): Promise<{ count: number; results: TOutboxMail[] }> {
      const { count, rows } = await outboxPage(db, to, (page - 1) * pageSize, pageSize);
      return { count, results: rows.map((row) => ({ ...row, created_at: row.createdAt.toISOString() })) };
    },

    /** Support writes a note on a partner; it is in the audit log too, in the same transaction. */
    async addNote(actorId: number, userId: number, text: string): Promise<TPartnerNote> {
      return db.transaction(async (tx) => {
        if (!(await findUserById(tx, userId))) throw fail.notFound();
        const [row] = await tx.insert(partnerNotes).values({ userId, authorId: actorId, text }).returning();
        await audit(tx, { userId, actorId, action: 'user.note', after: { note_id: row!.id, text } });
        const author = (await findUserById(tx, actorId))!;
        return {
          id: row!.id,
          author: {
            id: author.id,
            first_name: author.firstName,
            last_name: author.lastName,
            email: author.email,
          },
          text: row!.text,
          created_at: row!.createdAt.toISOString(),
        };
      });
    },
  };
}

export type TAdmin = ReturnType<typeof createAdmin>;
