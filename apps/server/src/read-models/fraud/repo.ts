import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * The fraud check's reads (docs/decisions.md "The back office"), one set-based statement per kind
 * of signal over the tables of the modules that own the evidence: sessions (address and browser
 * of every sign-in), withdrawals (payout wallets), the audit log (each sign-up's address), users
 * (emails, mentors) and promo code redemptions. Each answers only the groups it finds, never a
 * row per partner. Operators and the company root are left out: staff share an office.
 */

const PARTNERS = sql`partners as (
  select id from users where not is_company_root and not is_superuser and cardinality(operator_roles) = 0
)`;

/**
 * One row per thing a partner used and the partner: a device (address and browser of a session),
 * an address, a payout wallet (in any case), with the first and last time they used it.
 */
const USES = sql`uses as (
  select 'device' as share, s.ip || ' ' || s.user_agent as value, s.ip, s.user_agent, s.user_id,
    null as networks, min(s.created_at) as first_at, max(s.created_at) as last_at
  from sessions s join partners p on p.id = s.user_id
  where s.ip is not null and coalesce(s.user_agent, '') <> ''
  group by s.ip, s.user_agent, s.user_id
  union all
  select 'ip', s.ip, s.ip, null, s.user_id, null, min(s.created_at), max(s.created_at)
  from sessions s join partners p on p.id = s.user_id
  where s.ip is not null
  group by s.ip, s.user_id
  union all
  select 'wallet', lower(w.address), null, null, w.user_id, string_agg(distinct w.network, ','),
    min(w.created_at), max(w.created_at)
  from withdrawals w join partners p on p.id = w.user_id
  group by lower(w.address), w.user_id
)`;

type TTimes = { first_seen: Date | string; last_seen: Date | string };

export type TSharedRow = TTimes & {
  share: 'device' | 'ip' | 'wallet';
  value: string;
  ip: string | null;
  user_agent: string | null;
  networks: string | null;
  user_ids: number[];
};

/**
 * Several partners on one device, one address or one payout wallet. First seen: when the second
 * of them first used it.
 */
export function sharedUses(db: Db): Promise<TSharedRow[]> {
  return queryRows(
    db,
    sql`with ${PARTNERS}, ${USES}
        select share, value, min(ip) as ip, min(user_agent) as user_agent,
          string_agg(networks, ',') as networks, array_agg(user_id::int order by user_id) as user_ids,
          (array_agg(first_at order by first_at))[2] as first_seen, max(last_at) as last_seen
        from uses group by share, value having count(*) >= 2`,
  );
}

export type TLoopRow = TTimes & {
  lo: number;
  hi: number;
  links: string[];
  shares: { kind: 'device' | 'ip' | 'wallet'; value: string }[];
};

/**
 * Sponsor loops: two partners linked (one is the other's mentor, or bought with the other's promo
 * code) who also share a device, an address or a payout wallet.
 */
export function sponsorLoops(db: Db): Promise<TLoopRow[]> {
  return queryRows(
    db,
    sql`with ${PARTNERS}, ${USES},
        links as (
          select id as a, mentor_id as b, 'mentor' as link from users where mentor_id is not null
          union all
          select r.user_id, c.user_id, 'promocode'
          from promocode_redemptions r join promocodes c on c.id = r.promocode_id
          where r.user_id <> c.user_id
        ),
        matches as (
          select least(l.a, l.b)::int as lo, greatest(l.a, l.b)::int as hi, l.link, x.share, x.value,
            greatest(x.first_at, y.first_at) as first_at, greatest(x.last_at, y.last_at) as last_at
          from links l
          join uses x on x.user_id = l.a
          join uses y on y.user_id = l.b and y.share = x.share and y.value = x.value
        )
        select lo, hi, array_agg(distinct link order by link) as links,
          jsonb_agg(distinct jsonb_build_object('kind', share, 'value', value)) as shares,
          min(first_at) as first_seen, max(last_at) as last_seen
        from matches group by lo, hi`,
  );
}

export type TBurstRow = TTimes & { ip: string; user_ids: number[]; most: number };

/**
 * Sign-up bursts: `accounts` or more partners registered from one address within `minutes` (the
 * address each sign-up's audit row keeps). Each address is one signal: every account of every
 * such window, and the most that one window held.
 */
export function signupBursts(db: Db, accounts: number, minutes: number): Promise<TBurstRow[]> {
  const window: SQL = sql`make_interval(mins => ${minutes}::int)`;
  return queryRows(
    db,
    sql`with ${PARTNERS},
        registrations as (
          select a.ip, a.user_id, a.created_at
          from audit_log a join partners p on p.id = a.user_id
          where a.action = 'account.registered' and a.ip is not null
        ),
        windows as (
          select ip, created_at as start_at,
            count(*) over (partition by ip order by created_at
              range between current row and ${window} following) as n
          from registrations
        )
        select b.ip, array_agg(distinct r.user_id::int order by r.user_id::int) as user_ids,
          max(b.n)::int as most, min(r.created_at) as first_seen, max(r.created_at) as last_seen
        from windows b
        join registrations r on r.ip = b.ip and r.created_at between b.start_at and b.start_at + ${window}
        where b.n >= ${accounts}::int
        group by b.ip`,
  );
}

export type TDomainRow = TTimes & { domain: string; user_ids: number[] };

/** Partners whose email is on one of `domains` (lower case), by domain. */
export function disposableEmails(db: Db, domains: readonly string[]): Promise<TDomainRow[]> {
  if (domains.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`select split_part(lower(email), '@', 2) as domain, array_agg(id::int order by id) as user_ids,
          min(date_joined) as first_seen, max(date_joined) as last_seen
        from users
        where not is_company_root and not is_superuser and cardinality(operator_roles) = 0
          and split_part(lower(email), '@', 2) = any(string_to_array(${domains.join(',')}, ','))
        group by 1`,
  );
}
