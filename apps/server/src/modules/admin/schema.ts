import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The admin module's table.

/** Support's notes on a partner (the partner detail): what was asked, decided or promised. */
export const partnerNotes = pgTable(
  'partner_notes',
  {
    id: id(),
    userId: userRef().notNull(),
    authorId: userRef('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('partner_notes_user_idx').on(t.userId, t.id)],
);
