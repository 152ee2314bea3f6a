import { describe, expect, it } from 'vitest';
import { EMPTY_LEGS, pairBinary } from './binary';
import { creditBonus } from './credit';
import { applyBp } from './money';
import { dftGrant, dftUnlocks, dxnMatchingPostings, leaderPool, nodeIncome, rankReached } from './periodic';
import { PLAN_V1 } from './plan';
import { dxn, member, usdt, window } from './test/factories';

const at = (iso: string) => new Date(iso);
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

describe('applyBp', () => {
  it('rounds down', () => {
    expect(applyBp(999n, 700)).toBe(69n); // 69.93
    expect(applyBp(usdt(105), 100)).toBe(usdt('1.05'));
  });
});

describe('pairBinary', () => {
  it('pairs min(left, right) and carries the rest', () => {
    const active = { ...EMPTY_LEGS, active: true };
    const first = pairBinary(PLAN_V1, active, { leg: 'left', volume: usdt(1000) });
    expect(first).toMatchObject({ paired: 0n, bonusGross: 0n });
    const second = pairBinary(PLAN_V1, first.legs, { leg: 'right', volume: usdt(600) });
    expect(second).toEqual({
      legs: { left: usdt(400), right: 0n, active: true, pairedTotal: usdt(600) },
      paired: usdt(600),
      bonusGross: usdt(60),
    });
  });

  it('lets volume wait until the binary is active', () => {
    let legs = pairBinary(PLAN_V1, EMPTY_LEGS, { leg: 'left', volume: usdt(1000) }).legs;
    const waiting = pairBinary(PLAN_V1, legs, { leg: 'right', volume: usdt(600) });
    expect(waiting.paired).toBe(0n);
    legs = { ...waiting.legs, active: true };
    expect(pairBinary(PLAN_V1, legs, { leg: 'left', volume: 0n })).toMatchObject({
      paired: usdt(600),
      bonusGross: usdt(60),
    });
  });

  it('rounds each pairing down on its own: two pairings of 5 minor units pay 0 each', () => {
    const active = { ...EMPTY_LEGS, active: true, left: 10n };
    const first = pairBinary(PLAN_V1, active, { leg: 'right', volume: 5n });
    expect(first.bonusGross).toBe(0n); // 10% of 5 = 0.5
    const second = pairBinary(PLAN_V1, first.legs, { leg: 'right', volume: 5n });
    expect(second.bonusGross).toBe(0n); // 10% of the 5 newly paired, not of the lifetime 10
    expect(second.legs.pairedTotal).toBe(10n);
  });
});

describe('creditBonus', () => {
  it('credits a one-time bonus under the cap rules', () => {
    const payee = member('p', { window: window(usdt(2500), usdt(2450)) });
    const { posting, windows } = creditBonus(payee, 'quick_start', usdt(300), {
      planVersion: 'v1',
      base: usdt(300),
      rateBp: 10_000,
    });
    expect(posting).toMatchObject({ credited: usdt(50), lost: usdt(250), currency: 'USDT' });
    expect(windows.get('p')).toEqual(window(usdt(2500), usdt(2500)));
  });
});

describe('nodeIncome', () => {
  it('splits 80/20 between owner and host; the host defaults to the mentor, else the company', () => {
    const device = { orderId: 'o1', kind: 'device' as const, ownerId: 'owner', ownerMentorId: 'mentor' };
    // 30 days x 10 DXN = 300 DXN: 240 owner, 60 host.
    expect(nodeIncome(PLAN_V1, device, 30).map((p) => [p.payeeId, p.credited, p.currency])).toEqual([
      ['owner', dxn(240), 'DXN'],
      ['mentor', dxn(60), 'DXN'],
    ]);
    expect(nodeIncome(PLAN_V1, { ...device, hostId: 'host' }, 1).map((p) => p.payeeId)).toEqual([
      'owner',
      'host',
    ]);
    const alone = nodeIncome(PLAN_V1, { ...device, kind: 'virtual_node', ownerMentorId: null }, 1);
    // 2 DXN: 1.6 to the owner, the host's 0.4 stays with the company.
    expect(alone.map((p) => [p.payeeId, p.credited])).toEqual([['owner', 160_000_000n]]);
  });
});

describe('dxnMatchingPostings', () => {
  it('pays 1% of node income in DXN by levels, whatever the upline status', () => {
    // 240 DXN of node income: 2.4 DXN to each reached level.
    const postings = dxnMatchingPostings(
      PLAN_V1,
      { bonusType: 'node_income', payeeId: 'owner', amount: dxn(240), sourcePurchaseId: 'o1' },
      [
        member('s1', { matchingDepth: 1, mayEarn: false, window: null }),
        member('s2', { matchingDepth: 1 }),
        member('s3'),
      ],
    );
    expect(postings.map((p) => [p.payeeId, p.currency, p.credited, p.explanation.level])).toEqual([
      ['s1', 'DXN', 240_000_000n, 1],
      ['s3', 'DXN', 240_000_000n, 3],
    ]);
    expect(postings[0]?.explanation).toMatchObject({
      sourceBonusType: 'node_income',
      sourcePayeeId: 'owner',
    });
  });
});

describe('rankReached', () => {
  it('gives every rank passed, lowest first, each once', () => {
    expect(rankReached(PLAN_V1, usdt(30_000), null)).toEqual([
      { name: 'Bronze', bonus: usdt(100) },
      { name: 'Silver', bonus: usdt(500) },
    ]);
    expect(rankReached(PLAN_V1, usdt(2_000_000), 'Silver').map((rank) => rank.name)).toEqual([
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    expect(rankReached(PLAN_V1, usdt(4_999), null)).toEqual([]);
    expect(rankReached(PLAN_V1, usdt(30_000), 'Silver')).toEqual([]);
  });
});

describe('leaderPool', () => {
  it('splits 1% of the month BV equally among Diamonds, rounded down', () => {
    // 1% of 1,000,000 = 10,000 USDT; / 3 = 3333.333333 each, 0.000001 stays with the company.
    expect(leaderPool(PLAN_V1, usdt(1_000_000), ['d1', 'd2', 'd3'])).toEqual({
      pool: usdt(10_000),
      share: usdt('3333.333333'),
      payees: ['d1', 'd2', 'd3'],
      companyRemainder: 1n,
    });
    expect(leaderPool(PLAN_V1, usdt(1_000), [])).toMatchObject({ share: 0n, companyRemainder: usdt(10) });
  });
});

describe('dftUnlocks', () => {
  const bought = at('2026-01-01T12:00:00Z');
  it('unlocks 1/12 of the grant every 30 days', () => {
    const grant = dftGrant(usdt(1500)); // 1500 DFT
    expect(grant).toBe(150_000_000_000n);
    expect(dftUnlocks(PLAN_V1, grant, bought, daysAfter(bought, 29))).toEqual({
      unlocked: 0n,
      locked: grant,
      periods: 0,
      nextUnlockAt: daysAfter(bought, 30),
    });
    expect(dftUnlocks(PLAN_V1, grant, bought, daysAfter(bought, 30))).toMatchObject({
      unlocked: 12_500_000_000n, // 125 DFT
      nextUnlockAt: daysAfter(bought, 60),
    });
    expect(dftUnlocks(PLAN_V1, grant, bought, daysAfter(bought, 400))).toMatchObject({
      unlocked: grant,
      locked: 0n,
      nextUnlockAt: null,
    });
  });

  it('rounds down on the cumulative share so the last unlock releases everything', () => {
    expect(dftUnlocks(PLAN_V1, 100n, bought, daysAfter(bought, 30)).unlocked).toBe(8n);
    expect(dftUnlocks(PLAN_V1, 100n, bought, daysAfter(bought, 360)).unlocked).toBe(100n);
    expect(dftUnlocks(PLAN_V1, 100n, bought, daysAfter(bought, -5)).unlocked).toBe(0n);
  });
});
