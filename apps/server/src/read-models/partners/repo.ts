import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

// The partner detail's reads (a read model: it reads the tables of several modules, writes none).

type TPersonRow = { id: string; first_name: string; last_name: string; email: string };

const person = (row: TPersonRow) => ({
  id: Number(row.id),
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
});

/** The partner's own row: when they joined, and where they sit in the binary tree. */
export async function partnerRow(db: Db, id: number) {
  const [row] = await queryRows<{
    date_joined: Date | string;
    binary_parent_id: string | null;
    binary_position: 'left' | 'right' | null;
    binary_depth: number | null;
    binary_side: 'left' | 'right';
  }>(
    db,
    sql`select date_joined, binary_parent_id::text, binary_position, binary_depth, binary_side
          from users where id = ${id}`,
  );
  return row
    ? {
        dateJoined: new Date(row.date_joined),
        binaryParentId: row.binary_parent_id === null ? null : Number(row.binary_parent_id),
        binaryPosition: row.binary_position,
        binaryDepth: row.binary_depth === null ? null : Number(row.binary_depth),
        binarySide: row.binary_side,
      }
    : undefined;
}

/** The mentor (level 1) and each sponsor above, up to `levels`. */
export async function sponsorLine(db: Db, id: number, levels: number) {
  const rows = await queryRows<TPersonRow & { level: number }>(
    db,
    sql`with recursive line(id, level) as (
          select mentor_id, 1 from users where id = ${id} and mentor_id is not null
          union all
          select u.mentor_id, line.level + 1
            from line join users u on u.id = line.id
           where u.mentor_id is not null and line.level < ${levels}
        )
        select u.id::text, u.first_name, u.last_name, u.email, line.level
          from line join users u on u.id = line.id
         order by line.level`,
  );
  return rows.map((row) => ({ ...person(row), level: Number(row.level) }));
}

/** The people of `ids`, by id. */
export async function people(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof person>>();
  const rows = await queryRows<TPersonRow>(
    db,
    sql`select id::text, first_name, last_name, email from users
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((row) => [Number(row.id), person(row)]));
}

/** The partner's live sessions, newest first. */
export async function liveSessions(db: Db, userId: number, limit: number) {
  const rows = await queryRows<{
    created_at: Date | string;
    expires_at: Date | string;
    ip: string | null;
    user_agent: string | null;
  }>(
    db,
    sql`select created_at, expires_at, ip, user_agent from sessions
         where user_id = ${userId} and revoked_at is null and expires_at > now()
         order by created_at desc limit ${limit}`,
  );
  return rows.map((row) => ({
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
  }));
}

/**
 * The partners a wallet address belongs to: their deposit address, or an address they asked to
 * withdraw to (any case: EVM addresses are written in mixed case).
 */
export async function ownersOfAddress(db: Db, address: string): Promise<number[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id::text from deposit_addresses where lower(address) = lower(${address})
        union
        select user_id::text from withdrawals where lower(address) = lower(${address})
        limit 50`,
  );
  return rows.map((row) => Number(row.user_id));
}
