import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { FoldState, foldEvent, type TFoldPosting } from '@portal/compensation';
import { type BONUS_AUDIT_TRIGGERS, type TBonusAudit } from '@portal/contracts';
import { type Db, queryRows } from '../../db/client';
import { bonusAudits } from './schema';
import { allEvents, toFoldEvent } from './events';
import { contractType } from './names';
import { PLAN } from './plan';

/**
 * The replay audit (docs/compensation.md "The replay audit"): every recorded event, from the first,
 * through the engine on an empty state, in the fold's order; each posting it gives is compared
 * with the payout the fold wrote, field by field, to the minor unit, and then each partner's
 * window and legs, and each user's bonus money in the ledger, with what the postings add up to.
 * The only thing it takes from the records is what a reversal found on the payee's balance (what
 * it could take back, the rest being a debt): that depends on what the payee had spent, not on the
 * plan.
 */

export type TAuditDifference = {
  event_id: number | null;
  ordinal: number | null;
  payee_id: number | null;
  what: string;
  expected: string;
  found: string;
};

export type TAuditReport = {
  events: number;
  postings: number;
  partners: number;
  differences: number;
  /** The first differences (up to 100). */
  sample: TAuditDifference[];
  ms: number;
  ok: boolean;
};

type TPayoutRow = {
  event_id: string;
  ordinal: number;
  payee_id: string;
  bonus_type: string;
  currency: string;
  gross: string;
  credited: string;
  lost: string;
  debt_repaid: string;
  taken: string;
  debt: string;
  level: number | null;
  leg: string | null;
  base: string;
  rate_bp: number;
  cap_took: string;
  period: string | null;
  plan_version: string;
  to_company: boolean;
  source_payee_id: string | null;
  /** The payouts it names, as `<event id>:<ordinal>` (the engine's refs). */
  source_ref: string | null;
  reverses_ref: string | null;
  recovers_ref: string | null;
};

const SAMPLE = 100;

export async function auditBonuses(db: Db, options: { batch?: number } = {}): Promise<TAuditReport> {
  const started = Date.now();
  const differences: TAuditDifference[] = [];
  let count = 0;
  const differ = (difference: TAuditDifference) => {
    count += 1;
    if (differences.length < SAMPLE) differences.push(difference);
  };

  const state = new FoldState({ complete: true });
  await loadTrees(db, state);

  let events = 0;
  let postings = 0;
  const credits = new Map<string, bigint>();
  for await (const rows of allEvents(db, options.batch ?? 5000)) {
    const legacy = rows.filter(
      (row) => toFoldEvent(row) === null && (row.kind === 'purchase' || row.kind === 'refund'),
    );
    if (legacy.length > 0) {
      differ({
        event_id: legacy[0]!.id,
        ordinal: null,
        payee_id: null,
        what: 'event folded before the ordered fold: the replay cannot start from an empty state',
        expected: 'none',
        found: String(legacy.length),
      });
      break;
    }
    const recorded = await payoutsOf(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const event = toFoldEvent(row)!;
      const found = recorded.get(row.id) ?? [];
      const expected = foldEvent(PLAN, state, event, { available: takenIn(found) });
      events += 1;
      postings += expected.length;
      compare(row.id, expected, found, differ);
      for (const posting of expected) addCredit(credits, posting);
    }
  }

  await compareState(db, state, differ);
  await compareLedger(db, credits, differ);
  return {
    events,
    postings,
    partners: state.partners.size,
    differences: count,
    sample: differences,
    ms: Date.now() - started,
    ok: count === 0,
  };
}

/** Both trees as they were before the first event: mentors moved since are put back. */
async function loadTrees(db: Db, state: FoldState): Promise<void> {
  const users = await queryRows<{
    id: string;
    parent: string | null;
    position: string | null;
    root: boolean;
    mentor: string | null;
  }>(
    db,
    sql`select id::text as id, binary_parent_id::text as parent, binary_position as position,
               is_company_root as root, mentor_id::text as mentor from users`,
  );
  const moved = await queryRows<{ user_id: string; from: string | null }>(
    db,
    sql`select distinct on (user_id) user_id::text as user_id, details->>'from' as from
        from compensation_events where kind = 'mentor' order by user_id, xid, id`,
  );
  const firstMentor = new Map(moved.map((row) => [row.user_id, row.from]));
  for (const user of users) {
    const mentor = firstMentor.has(user.id) ? firstMentor.get(user.id)! : user.mentor;
    state.setTree(user.id, {
      mentorId: mentor,
      parent:
        user.parent !== null && (user.position === 'left' || user.position === 'right')
          ? { id: user.parent, leg: user.position }
          : null,
      root: Boolean(user.root),
    });
  }
}

async function payoutsOf(db: Db, eventIds: readonly number[]): Promise<Map<number, TPayoutRow[]>> {
  const rows = await queryRows<TPayoutRow>(
    db,
    sql`select event_id::text as event_id, ordinal, payee_id::text as payee_id, bonus_type, currency,
               gross::text as gross, credited::text as credited, lost::text as lost, debt_repaid::text as debt_repaid,
               taken::text as taken, debt::text as debt, level, leg, base::text as base, rate_bp, cap_took::text as cap_took,
               period, plan_version, to_company, source_payee_id::text as source_payee_id,
               (select r.event_id || ':' || r.ordinal from payouts r where r.id = p.source_payout_id) as source_ref,
               (select r.event_id || ':' || r.ordinal from payouts r where r.id = p.reverses_payout_id) as reverses_ref,
               (select r.event_id || ':' || r.ordinal from payouts r where r.id = p.recovers_payout_id) as recovers_ref
        from payouts p where event_id = any(${`{${eventIds.join(',')}}`}::bigint[]) order by event_id, ordinal`,
  );
  const byEvent = new Map<number, TPayoutRow[]>();
  for (const row of rows) {
    const id = Number(row.event_id);
    const list = byEvent.get(id);
    if (list) list.push(row);
    else byEvent.set(id, [row]);
  }
  return byEvent;
}

/** What a refund's reversals took from each payee, as recorded: the balance they found. */
function takenIn(found: readonly TPayoutRow[]) {
  const taken = new Map<string, bigint>();
  for (const row of found) {
    const key = `${row.payee_id}:${row.currency}`;
    taken.set(key, (taken.get(key) ?? 0n) + BigInt(row.taken));
  }
  return (userId: string, currency: string) => taken.get(`${userId}:${currency}`) ?? 0n;
}

const FIELDS = [
  ['payee', (p: TFoldPosting) => p.payeeId, (r: TPayoutRow) => r.payee_id],
  [
    'bonus type',
    (p: TFoldPosting) => contractType(p.bonusType, p.currency, p.sourceBonusType),
    (r: TPayoutRow) => r.bonus_type,
  ],
  ['currency', (p: TFoldPosting) => p.currency, (r: TPayoutRow) => r.currency],
  ['gross', (p: TFoldPosting) => p.gross.toString(), (r: TPayoutRow) => r.gross],
  ['credited', (p: TFoldPosting) => p.credited.toString(), (r: TPayoutRow) => r.credited],
  ['lost', (p: TFoldPosting) => p.lost.toString(), (r: TPayoutRow) => r.lost],
  ['cap taken', (p: TFoldPosting) => p.capTook.toString(), (r: TPayoutRow) => r.cap_took],
  ['debt repaid', (p: TFoldPosting) => p.debtRepaid.toString(), (r: TPayoutRow) => r.debt_repaid],
  ['taken', (p: TFoldPosting) => p.taken.toString(), (r: TPayoutRow) => r.taken],
  ['debt', (p: TFoldPosting) => p.debt.toString(), (r: TPayoutRow) => r.debt],
  ['level', (p: TFoldPosting) => String(p.level), (r: TPayoutRow) => String(r.level)],
  ['leg', (p: TFoldPosting) => String(p.leg), (r: TPayoutRow) => String(r.leg)],
  ['base', (p: TFoldPosting) => p.base.toString(), (r: TPayoutRow) => r.base],
  ['rate', (p: TFoldPosting) => String(p.rateBp), (r: TPayoutRow) => String(r.rate_bp)],
  ['period', (p: TFoldPosting) => String(p.period), (r: TPayoutRow) => String(r.period)],
  ['plan version', (p: TFoldPosting) => p.planVersion, (r: TPayoutRow) => r.plan_version],
  ['to the company', (p: TFoldPosting) => String(p.toCompany), (r: TPayoutRow) => String(r.to_company)],
  [
    'matched payee',
    (p: TFoldPosting) => String(p.sourcePayeeId),
    (r: TPayoutRow) => String(r.source_payee_id),
  ],
  ['matches', (p: TFoldPosting) => String(p.sourceRef), (r: TPayoutRow) => String(r.source_ref)],
  ['reverses', (p: TFoldPosting) => String(p.reversesRef), (r: TPayoutRow) => String(r.reverses_ref)],
  ['recovers', (p: TFoldPosting) => String(p.recoversRef), (r: TPayoutRow) => String(r.recovers_ref)],
] as const;

function compare(
  eventId: number,
  expected: readonly TFoldPosting[],
  found: readonly TPayoutRow[],
  differ: (difference: TAuditDifference) => void,
): void {
  const length = Math.max(expected.length, found.length);
  for (let index = 0; index < length; index++) {
    const posting = expected[index];
    const row = found[index];
    if (!posting || !row || row.ordinal !== posting.ordinal) {
      differ({
        event_id: eventId,
        ordinal: posting?.ordinal ?? row?.ordinal ?? null,
        payee_id: Number(posting?.payeeId ?? row?.payee_id ?? 0) || null,
        what: 'posting',
        expected: posting ? describe(posting) : 'none',
        found: row ? `${row.bonus_type} ${row.gross} to ${row.payee_id}` : 'none',
      });
      continue;
    }
    for (const [what, pick, read] of FIELDS) {
      const want = pick(posting);
      const got = read(row);
      if (want !== got)
        differ({
          event_id: eventId,
          ordinal: posting.ordinal,
          payee_id: Number(posting.payeeId),
          what,
          expected: want,
          found: got,
        });
    }
  }
}

const describe = (posting: TFoldPosting) =>
  `${contractType(posting.bonusType, posting.currency, posting.sourceBonusType)} ${posting.gross} to ${posting.payeeId}`;

/** The money a posting moves on its payee's spendable balance. */
function addCredit(credits: Map<string, bigint>, posting: TFoldPosting): void {
  if (posting.toCompany || posting.credited === 0n) return;
  const moved = posting.reversesRef === null ? posting.credited - posting.debtRepaid : -posting.taken;
  const key = `${posting.payeeId}:${posting.currency}`;
  credits.set(key, (credits.get(key) ?? 0n) + moved);
}

/** Every partner's window and legs as the replay leaves them, against the fold's. */
async function compareState(db: Db, state: FoldState, differ: (difference: TAuditDifference) => void) {
  const rows = await queryRows<{
    user_id: string;
    cap: string | null;
    earned: string | null;
    left_unpaid: string | null;
    right_unpaid: string | null;
    left_total: string | null;
    right_total: string | null;
    paired_total: string | null;
    rank: string | null;
    debt: string | null;
  }>(
    db,
    sql`select u.id::text as user_id, w.cap::text as cap, w.earned::text as earned,
               l.left_unpaid::text as left_unpaid, l.right_unpaid::text as right_unpaid,
               l.left_total::text as left_total, l.right_total::text as right_total,
               l.paired_total::text as paired_total, l.rank, c.debt::text as debt
        from users u
        left join cap_windows w on w.user_id = u.id and w.closed_at is null
        left join binary_legs l on l.user_id = u.id
        left join compensation_partners c on c.user_id = u.id
        where w.id is not null or l.user_id is not null or c.user_id is not null`,
  );
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(row.user_id);
    const partner = state.partners.get(row.user_id);
    const legs = partner?.legs;
    const checks: [string, string, string][] = [
      ['window cap', partner?.window?.cap.toString() ?? 'none', row.cap ?? 'none'],
      ['window earned', partner?.window?.filled.toString() ?? 'none', row.earned ?? 'none'],
      ['left unpaid', (legs?.leftUnpaid ?? 0n).toString(), row.left_unpaid ?? '0'],
      ['right unpaid', (legs?.rightUnpaid ?? 0n).toString(), row.right_unpaid ?? '0'],
      ['left total', (legs?.leftTotal ?? 0n).toString(), row.left_total ?? '0'],
      ['right total', (legs?.rightTotal ?? 0n).toString(), row.right_total ?? '0'],
      ['paired total', (legs?.pairedTotal ?? 0n).toString(), row.paired_total ?? '0'],
      ['rank', String(legs?.rank ?? null), String(row.rank)],
      ['debt', (partner?.debt ?? 0n).toString(), row.debt ?? '0'],
    ];
    for (const [what, expected, found] of checks)
      if (expected !== found)
        differ({ event_id: null, ordinal: null, payee_id: Number(row.user_id), what, expected, found });
  }
  for (const partner of state.partners.values()) {
    if (
      seen.has(partner.id) ||
      (!partner.window && partner.legs.leftTotal === 0n && partner.legs.rightTotal === 0n)
    )
      continue;
    differ({
      event_id: null,
      ordinal: null,
      payee_id: Number(partner.id),
      what: 'state',
      expected: 'kept',
      found: 'none',
    });
  }
}

/** Each user's bonus money in the ledger (transfers the fold posted), against the postings. */
async function compareLedger(
  db: Db,
  credits: Map<string, bigint>,
  differ: (difference: TAuditDifference) => void,
) {
  const rows = await queryRows<{ user_id: string; currency: string; total: string }>(
    db,
    sql`select a.user_id::text as user_id, a.currency, sum(p.amount)::text as total
        from ledger_postings p
        join ledger_transfers t on t.id = p.transfer_id
        join ledger_accounts a on a.id = p.account_id
        where t.operation_type = 'bonus' and t.reference like 'bonus:fold:%'
          and a.user_id is not null and a.purpose = 'main'
        group by a.user_id, a.currency`,
  );
  const found = new Map(rows.map((row) => [`${row.user_id}:${row.currency}`, BigInt(row.total)]));
  for (const key of new Set([...found.keys(), ...credits.keys()])) {
    const expected = credits.get(key) ?? 0n;
    const got = found.get(key) ?? 0n;
    if (expected !== got) {
      const [user, currency] = key.split(':');
      differ({
        event_id: null,
        ordinal: null,
        payee_id: Number(user),
        what: `ledger ${currency} bonus balance`,
        expected: expected.toString(),
        found: got.toString(),
      });
    }
  }
}

// ---- runs: one at a time, recorded -----------------------------------------------------------------

export type TAuditTrigger = (typeof BONUS_AUDIT_TRIGGERS)[number];

/** A run that has not finished in this long was cut off (its process died): it no longer blocks. */
const STALE_MS = 6 * 3600_000;

/**
 * Starts a recorded run, or answers null when one is under way (in any process: one unfinished
 * row at a time, by a unique index). A run left unfinished by a process that died is closed as
 * interrupted first.
 */
export async function startAuditRun(db: Db, trigger: TAuditTrigger): Promise<number | null> {
  await db
    .update(bonusAudits)
    .set({ finishedAt: new Date(), error: 'interrupted: the process running it stopped' })
    .where(and(isNull(bonusAudits.finishedAt), lt(bonusAudits.startedAt, new Date(Date.now() - STALE_MS))));
  const [row] = await db
    .insert(bonusAudits)
    .values({ trigger })
    .onConflictDoNothing()
    .returning({ id: bonusAudits.id });
  return row?.id ?? null;
}

/** Runs the audit for a started run and records what it found (or why it failed). */
export async function finishAuditRun(db: Db, id: number): Promise<TAuditReport | null> {
  try {
    const report = await auditBonuses(db);
    await db
      .update(bonusAudits)
      .set({
        finishedAt: new Date(),
        events: report.events,
        postings: report.postings,
        partners: report.partners,
        differences: report.differences,
        ok: report.ok,
        ms: report.ms,
        sample: report.sample,
      })
      .where(eq(bonusAudits.id, id));
    return report;
  } catch (error) {
    await db
      .update(bonusAudits)
      .set({
        finishedAt: new Date(),
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      })
      .where(eq(bonusAudits.id, id));
    throw error;
  }
}

/** The nightly job: a run when none finished in the last `hours` - 1 (every process has the job). */
export async function nightlyAudit(db: Db, hours: number): Promise<TAuditReport | null> {
  const [recent] = await db
    .select({ id: bonusAudits.id })
    .from(bonusAudits)
    .where(gt(bonusAudits.startedAt, new Date(Date.now() - Math.max(1, hours - 1) * 3600_000)))
    .limit(1);
  if (recent) return null;
  const id = await startAuditRun(db, 'nightly');
  return id === null ? null : finishAuditRun(db, id);
}

/** The last run and whether one is under way (the admin screen). */
export async function lastAuditRun(db: Db): Promise<TBonusAudit> {
  const [last] = await db.select().from(bonusAudits).orderBy(desc(bonusAudits.id)).limit(1);
  const stale = Date.now() - STALE_MS;
  return {
    running: last !== undefined && last.finishedAt === null && last.startedAt.getTime() > stale,
    last: last
      ? {
          id: last.id,
          trigger: last.trigger,
          started_at: last.startedAt.toISOString(),
          finished_at: last.finishedAt?.toISOString() ?? null,
          events: last.events,
          postings: last.postings,
          partners: last.partners,
          differences: last.differences,
          ok: last.ok,
          ms: last.ms,
          sample: last.sample as TAuditDifference[],
          error: last.error,
        }
      : null,
  };
}
