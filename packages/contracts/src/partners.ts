import { z } from 'zod';
import { ZBinarySide, ZProfile } from './accounts';
import { ZTimestamp } from './common';
import { zText } from './fields';
import { MESSAGES } from './messages';
import { ZActivePackage } from './tariffs';
import { ZTransaction } from './wallet';

// The partner detail of the back office (support): one partner as an operator needs to see them.

/** A person named on the detail: a sponsor, the binary parent, a note's author. */
export const ZPartnerPerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type TPartnerPerson = z.infer<typeof ZPartnerPerson>;

/** Support's note on a partner: what was asked, decided or promised, kept with its author. */
export const ZPartnerNote = z.object({
  id: z.number().int(),
  author: ZPartnerPerson.nullable(),
  text: z.string(),
  created_at: ZTimestamp,
});
export type TPartnerNote = z.infer<typeof ZPartnerNote>;

export const ZPartnerNoteRequest = z.object({
  text: zText(2000, MESSAGES.fieldRequired, { multiline: true }),
});
export type TPartnerNoteRequest = z.infer<typeof ZPartnerNoteRequest>;

/** A live session of the partner: where and with what they are signed in. */
export const ZPartnerSession = z.object({
  created_at: ZTimestamp,
  expires_at: ZTimestamp,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type TPartnerSession = z.infer<typeof ZPartnerSession>;

/** How many sponsors up the detail shows: the matching bonus's depth. */
export const SPONSOR_LINE_LEVELS = 10;

export const ZPartnerDetail = z.object({
  /** What the partner's own profile says: identity, balances and debt, two-factor, KYC. */
  profile: ZProfile,
  date_joined: ZTimestamp,
  /** The mentor first, then each sponsor above, up to SPONSOR_LINE_LEVELS. */
  sponsor_line: z.array(ZPartnerPerson.extend({ level: z.number().int() })),
  binary: z.object({
    parent: ZPartnerPerson.nullable(),
    /** Which leg of the parent the partner sits in; null when not placed (the company root). */
    position: ZBinarySide.nullable(),
    depth: z.number().int().nullable(),
    /** Where the partner's own invitees are placed. */
    side: ZBinarySide,
  }),
  tariff: ZActivePackage,
  /** The newest lines of the statement. */
  transactions: z.array(ZTransaction),
  sessions: z.array(ZPartnerSession),
  notes: z.array(ZPartnerNote),
});
export type TPartnerDetail = z.infer<typeof ZPartnerDetail>;
