/**
 * Every PostgreSQL advisory lock the server takes, by key, in one place: two features never share
 * a lock by accident (the card reservations and the development chain's mining once both used
 * 72 002; a test checks the keys are distinct). A key is any fixed number; `pg_advisory_xact_lock(key,
 * hashtext(x))` makes a namespace of one lock per `x` under it.
 */
export const LOCKS = {
  /** Migrations, across processes (transaction lock, so that it holds behind PgBouncer: db/client.ts). */
  migrations: 72_001,
  /** The development chain's mining, one block at a time (adapters/chain/dev-chain.ts). */
  devChainMining: 72_002,
  /** One partner's new chat-bot link codes, in turn (namespace per partner; notifications). */
  chatLinkCodes: 72_011,
  /** Chat links, all in turn (notifications). */
  chatLinks: 72_010,
  /** The one transaction writing the team counters (team-stats). */
  teamCounters: 72_009,
  /** The one transaction folding bonuses (compensation). */
  fold: 72_019,
  /** One card's reservations, in turn (namespace per card fingerprint; card). */
  cardReservations: 72_020,
  /** The runtime settings' changes, one at a time (configs). */
  configChanges: 72_021,
  /** The one transaction recording a fraud check's signals (fraud). */
  fraudScan: 72_030,
} as const;
