import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';

/** The channel of "something was written that a worker drains" (PostgreSQL LISTEN/NOTIFY). */
const CHANNEL = 'portal_work';
/** Wake-ups within this long are one: a burst of purchases wakes the workers once, not per call. */
const COALESCE_MS = 10;
/** A lost listening connection is opened again after this pause. */
const RECONNECT_MS = 1000;

export type TWakeups = {
  /** Wakes the workers that drain what was just committed, in every process (coalesced). */
  wake(): void;
  /** Calls `fn` at each wake-up; answers whether they come from every process (else only this one). */
  subscribe(fn: () => void): boolean;
  close(): Promise<void>;
};

/**
 * Wake-ups for the workers (src/jobs): a request that committed work (a purchase's events, a new
 * partner) wakes the workers at once instead of leaving them to their next look.
 *
 * With PostgreSQL a wake-up is a NOTIFY, sent after the commit, outside the request's
 * transaction (a transaction that notifies takes a database-wide lock at commit, which would queue
 * every purchase's commit behind the others), and every process LISTENs on a connection of its own,
 * opened directly (a pooler in transaction mode cannot hold a LISTEN). Without one (PGlite: one
 * process) a wake-up goes to this process's workers only.
 */
export function createWakeups(deps: {
  db: Db;
  /** A direct connection to the primary (DATABASE_LISTEN_URL, else DATABASE_URL); null: PGlite. */
  listenUrl: string | null;
  onError?: (error: Error) => void;
}): TWakeups {
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  let pending: NodeJS.Timeout | null = null;
  let closed = false;
  let client: pg.Client | null = null;

  const listen = () => {
    if (closed || !deps.listenUrl) return;
    const connection = new pg.Client({ connectionString: deps.listenUrl });
    client = connection;
    const retry = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      if (error) deps.onError?.(error);
      connection.end().catch(() => undefined);
      if (!closed) setTimeout(listen, RECONNECT_MS).unref();
    };
    connection.on('notification', (message) => message.channel === CHANNEL && emit());
    connection.on('error', retry);
    connection.on('end', () => retry());
    connection
      .connect()
      .then(() => connection.query(`listen ${CHANNEL}`))
      .catch(retry);
  };

  return {
    wake() {
      if (pending || closed) return;
      pending = setTimeout(() => {
        pending = null;
        if (!deps.listenUrl) return emit();
        deps.db.execute(sql`select pg_notify(${CHANNEL}, '')`).catch((error: Error) => deps.onError?.(error));
      }, COALESCE_MS);
    },
    subscribe(fn) {
      listeners.add(fn);
      if (deps.listenUrl && !client) listen();
      return deps.listenUrl !== null;
    },
    async close() {
      closed = true;
      if (pending) clearTimeout(pending);
      listeners.clear();
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
    },
  };
}
