import { count, desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from './schema';

export type TMail = { to: string; subject: string; text: string; html: string };

export type TMailer = { readonly kind: 'smtp' | 'outbox'; send(mail: TMail): Promise<void> };

/** SMTP through nodemailer when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): TMailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * The embedded default: every mail is written to the outbox table, which admins read in the
 * admin screens and API (/api/v1/admin/mail/outbox/), so every mail flow works without a server.
 */
export function createOutboxMailer(db: Db): TMailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
    },
  };
}

/** A page of the outbox, newest first, optionally of one recipient (the admin outbox screen). */
export async function outboxPage(db: Db, to: string | undefined, offset: number, limit: number) {
  const where = to ? eq(mailOutbox.to, to.toLowerCase()) : undefined;
  const [total] = await db.select({ value: count() }).from(mailOutbox).where(where);
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .offset(offset)
    .limit(limit);
  return { count: total?.value ?? 0, rows };
}
