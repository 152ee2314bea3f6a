import { z } from 'zod';
import { zPage, ZPageQuery, ZTimestamp } from './common';
import { zSafeString } from './fields';

export const ZUsersQuery = ZPageQuery.extend({
  search: zSafeString(254).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  referral_id: z.string(),
  mentor_id: z.number().int().nullable(),
  /** The mentor's first and last name, for reading the list without a second look-up. */
  mentor_name: z.string().nullable(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
  mfa_enabled: z.boolean(),
  date_joined: ZTimestamp,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZUsersPage = zPage(ZAdminUser);
export type TUsersPage = z.infer<typeof ZUsersPage>;

/** The partner an admin blocks or unblocks. */
export const ZUserIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TUserIdParams = z.infer<typeof ZUserIdParams>;

export const ZOutboxQuery = ZPageQuery.extend({
  to: zSafeString(254).optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: ZTimestamp,
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export const ZOutboxPage = zPage(ZOutboxMail);
export type TOutboxPage = z.infer<typeof ZOutboxPage>;
