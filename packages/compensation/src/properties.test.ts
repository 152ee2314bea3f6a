import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_LEGS, pairBinary } from './binary';
import { foldEvent, type TFoldPosting } from './fold';
import { type FoldState } from './fold-state';
import { applyBp, FULL_BP } from './money';
import { dftUnlocks, leaderPool } from './periodic';
import { PLAN_V1 } from './plan';
import {
  binaryScenarioArb,
  newState,
  placeTrees,
  playScenario,
  scenarioArb,
  type TScenario,
} from './test/random-network';

/** Both kinds of random networks: any team, and one built for the binary (pairings, refunds, debts). */
const anyScenario = fc.oneof(scenarioArb(), binaryScenarioArb());
import { referenceFold } from './test/reference';
import type { TLeg, TLegs } from './types';

/** A state built afresh from what the previous one holds: what the server writes and reads again. */
function reload(scenario: TScenario, from: FoldState): FoldState {
  const state = newState(scenario.partners, true);
  for (const partner of from.partners.values())
    state.addPartner({
      ...partner,
      window: partner.window && { ...partner.window },
      legs: { ...partner.legs },
    });
  for (const [id, mentor] of placeTrees(scenario.partners).mentor)
    state.setMentor(id, from.mentorOf(id) ?? mentor);
  for (const record of from.postings.values()) state.addPosting({ ...record });
  for (const entry of from.lost.values()) state.addLost({ ...entry });
  for (const debt of from.debts.values()) state.addDebt({ ...debt });
  for (const purchase of from.purchases.values()) state.addPurchase({ ...purchase });
  return state;
}

const summary = (postings: readonly TFoldPosting[]) =>
  postings.map((posting) => [
    posting.ref,
    posting.payeeId,
    posting.bonusType,
    posting.gross,
    posting.credited,
    posting.lost,
    posting.taken,
    posting.debt,
    posting.debtRepaid,
  ]);

describe('the fold on random networks', () => {
  it('equals the engine applied one purchase at a time, on a state written and read back between them', () => {
    fc.assert(
      fc.property(anyScenario, (scenario) => {
        const { events, postings } = playScenario(scenario);
        // Again, one event at a time, each on a state rebuilt from the last one.
        let state = newState(scenario.partners);
        const again: TFoldPosting[] = [];
        const taken = new Map<string, bigint>();
        for (const posting of postings) {
          if (posting.reversesRef !== null && !posting.toCompany && posting.currency === 'USDT')
            taken.set(
              `${posting.eventId}:${posting.payeeId}`,
              (taken.get(`${posting.eventId}:${posting.payeeId}`) ?? 0n) + posting.taken,
            );
        }
        for (const event of events) {
          state = reload(scenario, state);
          again.push(
            ...foldEvent(PLAN_V1, state, event, {
              // A reversal takes back what the payee held then: as recorded the first time.
              available: (userId, currency) =>
                currency === 'USDT' ? (taken.get(`${event.id}:${userId}`) ?? 0n) : 0n,
            }),
          );
        }
        expect(summary(again)).toEqual(summary(postings));
      }),
      { numRuns: 60 },
    );
  });

  it('pays what a plain reading of the plan pays, purchase by purchase (without refunds)', () => {
    fc.assert(
      fc.property(anyScenario, (raw) => {
        const scenario = { ...raw, actions: raw.actions.filter((action) => action.kind !== 'refund') };
        const { events, postings } = playScenario(scenario);
        const expected = referenceFold(events, placeTrees(scenario.partners));
        const byEvent = events.map((event) =>
          postings
            .filter((posting) => posting.eventId === event.id)
            .map((posting) => [posting.payeeId, posting.bonusType, posting.gross, posting.credited]),
        );
        expect(byEvent).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });

  it('never overfills a window, fills it with exactly what was credited into it, and splits every posting into credited + lost', () => {
    fc.assert(
      fc.property(anyScenario, (scenario) => {
        const state = newState(scenario.partners);
        const { postings } = playScenario(scenario, state);
        const filled = new Map<string, bigint>();
        for (const posting of postings) {
          expect(posting.credited + posting.lost).toBe(posting.gross);
          if (posting.reversesRef === null) {
            expect(posting.credited >= 0n && posting.lost >= 0n && posting.capTook <= posting.lost).toBe(
              true,
            );
            expect(posting.debtRepaid <= posting.credited).toBe(true);
          } else {
            expect(posting.credited <= 0n && posting.lost <= 0n).toBe(true);
            expect(posting.taken + posting.debt <= -posting.credited).toBe(true);
          }
          if (posting.windowKey !== null)
            filled.set(posting.windowKey, (filled.get(posting.windowKey) ?? 0n) + posting.credited);
          // Rates round down on their own base (binary: 10% of the volume newly paired).
          if (posting.reversesRef === null && posting.rateBp < FULL_BP && posting.currency === 'USDT')
            expect(posting.gross).toBe(applyBp(posting.base, posting.rateBp));
        }
        for (const partner of state.partners.values()) {
          const window = partner.window;
          if (!window) continue;
          expect(window.filled >= 0n && window.filled <= window.cap).toBe(true);
          // A reversal gives back no more room than its posting took, so the fill never goes below 0.
          expect(window.filled).toBe((filled.get(window.key) ?? 0n) > 0n ? filled.get(window.key) : 0n);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('conserves money: balances never go below zero, debts are what reversals could not take less what bonuses repaid', () => {
    fc.assert(
      fc.property(anyScenario, (scenario) => {
        const state = newState(scenario.partners);
        const { postings, balance } = playScenario(scenario, state);
        for (const value of balance.values()) expect(value >= 0n).toBe(true);
        const debts = new Map<string, bigint>();
        for (const posting of postings) {
          if (posting.toCompany || posting.currency !== 'USDT') continue;
          const change = posting.debt - posting.debtRepaid;
          if (change !== 0n) debts.set(posting.payeeId, (debts.get(posting.payeeId) ?? 0n) + change);
        }
        for (const partner of state.partners.values()) {
          expect(partner.debt >= 0n).toBe(true);
          expect(partner.debt).toBe(debts.get(partner.id) ?? 0n);
          const legs = partner.legs;
          // What reached a leg is what waits there plus what paired.
          expect(legs.leftTotal).toBe(legs.leftUnpaid + legs.pairedTotal);
          expect(legs.rightTotal).toBe(legs.rightUnpaid + legs.pairedTotal);
        }
        for (const entry of state.lost.values())
          expect(entry.recovered + entry.dropped <= entry.amount).toBe(true);
      }),
      { numRuns: 80 },
    );
  });
});

describe('pairBinary', () => {
  const adds = fc.array(
    fc.record({
      leg: fc.constantFrom<TLeg>('left', 'right'),
      volume: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
    }),
    { maxLength: 30 },
  );
  const run = (start: TLegs, list: { leg: TLeg; volume: bigint }[]) => {
    let legs = start;
    let bonus = 0n;
    let pairings = 0n;
    for (const add of list) {
      const result = pairBinary(PLAN_V1, legs, add);
      expect(result.bonusGross).toBe(applyBp(result.paired, PLAN_V1.binary.rateBp));
      legs = result.legs;
      bonus += result.bonusGross;
      if (result.paired > 0n) pairings += 1n;
    }
    return { legs, bonus, pairings };
  };

  it('pairs the same volume whatever the order of the additions; each pairing is 10% of itself, rounded down', () => {
    fc.assert(
      fc.property(adds, (list) => {
        const active = { ...EMPTY_LEGS, active: true };
        const forward = run(active, list);
        const backward = run(active, [...list].reverse());
        expect(backward.legs).toEqual(forward.legs);
        // Rounding each pairing on its own costs at most one minor unit per pairing.
        const lifetime = applyBp(forward.legs.pairedTotal, PLAN_V1.binary.rateBp);
        expect(forward.bonus <= lifetime && forward.bonus >= lifetime - forward.pairings).toBe(true);
      }),
    );
  });

  it('pairs volume that waited exactly as if the binary had been active from the start', () => {
    fc.assert(
      fc.property(adds, (list) => {
        const waited = run(EMPTY_LEGS, list);
        const activated = pairBinary(PLAN_V1, { ...waited.legs, active: true }, { leg: 'left', volume: 0n });
        const fromStart = run({ ...EMPTY_LEGS, active: true }, list);
        expect(activated.legs.pairedTotal).toBe(fromStart.legs.pairedTotal);
        expect({ left: activated.legs.left, right: activated.legs.right }).toEqual({
          left: fromStart.legs.left,
          right: fromStart.legs.right,
        });
      }),
    );
  });
});

describe('rounding and the periodic rules', () => {
  it('applyBp always rounds down', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 0, max: FULL_BP }),
        (base, rate) => {
          const result = applyBp(base, rate);
          expect(result * BigInt(FULL_BP) <= base * BigInt(rate)).toBe(true);
          expect((result + 1n) * BigInt(FULL_BP) > base * BigInt(rate)).toBe(true);
        },
      ),
    );
  });

  it('leaderPool: shares + remainder = pool, remainder below one minor unit per Diamond', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.array(fc.string(), { maxLength: 20 }),
        (bv, ids) => {
          const pool = leaderPool(PLAN_V1, bv, ids);
          expect(pool.share * BigInt(pool.payees.length) + pool.companyRemainder).toBe(pool.pool);
          expect(
            pool.companyRemainder < BigInt(Math.max(1, pool.payees.length)) || pool.payees.length === 0,
          ).toBe(true);
        },
      ),
    );
  });

  it('dftUnlocks never decreases, never exceeds the grant', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 2 }),
        (grant, days) => {
          const start = new Date('2026-01-01T00:00:00Z');
          const sorted = [...days].sort((a, b) => a - b);
          let last = 0n;
          for (const day of sorted) {
            const { unlocked, locked } = dftUnlocks(
              PLAN_V1,
              grant,
              start,
              new Date(start.getTime() + day * 86_400_000),
            );
            expect(unlocked >= last && unlocked + locked === grant).toBe(true);
            last = unlocked;
          }
        },
      ),
    );
  });
});
