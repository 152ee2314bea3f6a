import type { TOutboxMail } from '@portal/contracts';
import type { Db } from '../../db/client';
import { outboxPage } from '../../adapters/mail';

export function createAdmin(deps: { db: Db }) {
  return {
    async outbox(
      to: string | undefined,
      page: number,
      pageSize: number,
    ): Promise<{ count: number; results: TOutboxMail[] }> {
      const { count, rows } = await outboxPage(deps.db, to, (page - 1) * pageSize, pageSize);
      return { count, results: rows.map((row) => ({ ...row, created_at: row.createdAt.toISOString() })) };
    },
  };
}

export type TAdmin = ReturnType<typeof createAdmin>;
