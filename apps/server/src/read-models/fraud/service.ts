import { createHash } from 'node:crypto';
import { NETWORKS, type TFraudShare, type TNetwork } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { TDetectedSignal, TDetectionRules } from '../../modules/fraud/service';
import * as repo from './repo';

/** The most shares a sponsor loop's details list. */
const MAX_SHARES = 20;

const at = (time: Date | string) => new Date(time);

/** A device's key: the address and the browser, hashed (a user agent is long). */
const deviceKey = (ip: string, userAgent: string) =>
  `device:${createHash('sha256').update(`${ip}\n${userAgent}`).digest('hex').slice(0, 32)}`;

const networksOf = (list: string | null): TNetwork[] => {
  const named = new Set((list ?? '').split(','));
  return NETWORKS.filter((network) => named.has(network));
};

function shared(row: repo.TSharedRow): TDetectedSignal {
  const times = { userIds: row.user_ids, firstSeen: at(row.first_seen), lastSeen: at(row.last_seen) };
  if (row.share === 'device')
    return {
      kind: 'device',
      key: deviceKey(row.ip!, row.user_agent!),
      details: { kind: 'device', ip: row.ip!, user_agent: row.user_agent! },
      ...times,
    };
  if (row.share === 'ip')
    return { kind: 'ip', key: `ip:${row.value}`, details: { kind: 'ip', ip: row.value }, ...times };
  return {
    kind: 'wallet',
    key: `wallet:${row.value}`,
    details: { kind: 'wallet', address: row.value, networks: networksOf(row.networks) },
    ...times,
  };
}

function loop(row: repo.TLoopRow): TDetectedSignal {
  const shares: TFraudShare[] = row.shares
    .map((share) => ({ kind: share.kind, value: share.value }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.value.localeCompare(b.value))
    .slice(0, MAX_SHARES);
  return {
    kind: 'sponsor_loop',
    key: `loop:${row.lo}-${row.hi}`,
    userIds: [row.lo, row.hi],
    details: {
      kind: 'sponsor_loop',
      links: row.links.filter((link) => link === 'mentor' || link === 'promocode'),
      shares,
    },
    firstSeen: at(row.first_seen),
    lastSeen: at(row.last_seen),
  };
}

/**
 * Every fraud signal in the data of now (modules/fraud records them): one statement per kind,
 * each answering only what it found. A read model, as it reads the tables of several modules.
 */
export async function detectFraudSignals(db: Db, rules: TDetectionRules): Promise<TDetectedSignal[]> {
  const { accounts, windowMinutes } = rules.signupBurst;
  const [uses, loops, bursts, domains] = await Promise.all([
    repo.sharedUses(db),
    repo.sponsorLoops(db),
    repo.signupBursts(db, accounts, windowMinutes),
    repo.disposableEmails(db, rules.disposableDomains),
  ]);
  return [
    ...uses.map(shared),
    ...loops.map(loop),
    ...bursts.map((row) => ({
      kind: 'signup_burst' as const,
      key: `burst:${row.ip}`,
      userIds: row.user_ids,
      details: {
        kind: 'signup_burst' as const,
        ip: row.ip,
        window_minutes: windowMinutes,
        most_in_window: row.most,
      },
      firstSeen: at(row.first_seen),
      lastSeen: at(row.last_seen),
    })),
    ...domains.map((row) => ({
      kind: 'disposable_email' as const,
      key: `domain:${row.domain}`,
      userIds: row.user_ids,
      details: { kind: 'disposable_email' as const, domain: row.domain },
      firstSeen: at(row.first_seen),
      lastSeen: at(row.last_seen),
    })),
  ];
}
