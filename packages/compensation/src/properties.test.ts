import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_LEGS, pairBinary } from './binary';
import { applyBp, FULL_BP } from './money';
import { dftUnlocks, leaderPool, lostProfitRecovery } from './periodic';
import { PLAN_V1 } from './plan';
import { purchasePostings, type TPurchaseContext } from './purchase';
import type { TLeg, TLegs, TMember, TPosting, TPurchase, TWindow } from './types';

const IDS = ['a', 'b', 'c', 'd', 'e'] as const;
const KINDS = [...PLAN_V1.bvKinds, 'event_ticket', 'gift_certificate'] as const;

/** Up to 50,000 USDT with any minor digits. */
const amount = fc.bigInt({ min: 0n, max: 50_000_000_000n });
const windowArb: fc.Arbitrary<TWindow | null> = fc.option(
  fc.tuple(amount, amount).map(([x, y]) => ({ cap: x > y ? x : y, filled: x > y ? y : x })),
);

/** A user's window and status are one per id, whatever role they appear in; depth varies per role. */
const scenario = fc
  .record({
    windows: fc.tuple(...IDS.map(() => windowArb)),
    earns: fc.tuple(...IDS.map(() => fc.boolean())),
    roles: fc.array(fc.record({ id: fc.constantFrom(...IDS), depth: fc.nat(10) }), {
      minLength: 0,
      maxLength: 11,
    }),
    kind: fc.constantFrom(...KINDS),
    listPrice: amount,
    promo: fc.option(fc.record({ owner: fc.constantFrom(...IDS), discountBp: fc.constantFrom(1000, 2000) })),
    binary: fc.array(
      fc.record({
        id: fc.constantFrom(...IDS),
        left: amount,
        right: amount,
        active: fc.boolean(),
        leg: fc.constantFrom<TLeg>('left', 'right'),
        upline: fc.array(fc.record({ id: fc.constantFrom(...IDS), depth: fc.nat(10) }), {
          maxLength: 10,
        }),
      }),
      { maxLength: 3 },
    ),
  })
  .map((s) => {
    const windowOf = new Map(IDS.map((id, index) => [id as string, s.windows[index] ?? null]));
    const earns = new Map(IDS.map((id, index) => [id as string, s.earns[index] ?? false]));
    const toMember = (role: { id: string; depth?: number }): TMember => ({
      userId: role.id,
      mayEarn: earns.get(role.id) ?? false,
      matchingDepth: role.depth ?? 0,
      window: windowOf.get(role.id) ?? null,
    });
    const netPrice = s.promo ? s.listPrice - applyBp(s.listPrice, s.promo.discountBp) : s.listPrice;
    const carriesBv = (PLAN_V1.bvKinds as readonly string[]).includes(s.kind);
    const purchase: TPurchase = {
      id: 'p',
      buyerId: 'buyer',
      productKind: s.kind,
      productCode: 'code',
      bv: carriesBv ? netPrice : 0n,
      listPrice: s.listPrice,
      netPrice,
      currency: 'USDT',
      ...(s.promo ? { promo: { ownerId: s.promo.owner, discountBp: s.promo.discountBp } } : {}),
    };
    const context: TPurchaseContext = {
      chain: s.roles.map(toMember),
      ...(s.promo ? { promoOwner: toMember({ id: s.promo.owner }) } : {}),
      binary: s.binary.map((entry) => ({
        ancestor: toMember(entry),
        legs: { left: entry.left, right: entry.right, active: entry.active, pairedTotal: 0n },
        leg: entry.leg,
        upline: entry.upline.map(toMember),
      })),
    };
    return { purchase, context, windowOf, earns };
  });

const sum = (postings: readonly TPosting[], pick: (posting: TPosting) => bigint) =>
  postings.reduce((total, posting) => total + pick(posting), 0n);

describe('purchasePostings properties', () => {
  it('splits every bonus into credited + lost = gross, rounded down from base x rate', () => {
    fc.assert(
      fc.property(scenario, ({ purchase, context }) => {
        const { postings } = purchasePostings(PLAN_V1, purchase, context);
        for (const posting of postings) {
          // Matching only ever matches invite and binary bonuses (never matching).
          if (posting.bonusType === 'matching')
            expect(['invite', 'binary']).toContain(posting.explanation.sourceBonusType);
          expect(posting.credited + posting.lost).toBe(posting.gross);
          expect(posting.credited >= 0n && posting.lost >= 0n && posting.gross > 0n).toBe(true);
          expect(posting.explanation.capTook <= posting.lost).toBe(true);
          const { base, rateBp } = posting.explanation;
          if (posting.bonusType === 'binary') continue; // rounded on the lifetime paired volume (binary.ts)
          // base x rate = gross + the company's rounding remainder, which is less than one minor unit.
          const remainder = base * BigInt(rateBp) - posting.gross * BigInt(FULL_BP);
          expect(remainder >= 0n && remainder < BigInt(FULL_BP)).toBe(true);
        }
      }),
    );
  });

  it("conserves money: the buyer's payment = company share + credited + lost profit", () => {
    fc.assert(
      fc.property(scenario, ({ purchase, context }) => {
        const { postings, companyShare } = purchasePostings(PLAN_V1, purchase, context);
        const credited = sum(postings, (posting) => posting.credited);
        const lost = sum(postings, (posting) => posting.lost);
        expect(companyShare + credited + lost).toBe(purchase.netPrice);
        // Without binary pairing of earlier volume, the bonuses never exceed the payment.
        const noBinary = purchasePostings(PLAN_V1, purchase, { ...context, binary: [] });
        expect(noBinary.companyShare >= 0n).toBe(true);
      }),
    );
  });

  it('pays matching by levels: level k exactly when the upline depth reaches k, the rest to the company', () => {
    fc.assert(
      fc.property(scenario, ({ purchase, context }) => {
        const { postings } = purchasePostings(PLAN_V1, purchase, { ...context, binary: [] });
        const invite = postings.find((posting) => posting.bonusType === 'invite');
        const matching = postings.filter((posting) => posting.bonusType === 'matching');
        const share = invite ? applyBp(invite.credited, PLAN_V1.matching.rateBp) : 0n;
        const upline = context.chain.slice(1, 1 + PLAN_V1.matching.levels);
        const reached =
          share === 0n ? [] : upline.filter((member, index) => member.matchingDepth >= index + 1);
        expect(matching.map((posting) => posting.payeeId)).toEqual(reached.map((member) => member.userId));
        // Paid + lost + company remainder = base x 1% x 10 levels, exactly (in 1/10000 of a minor unit).
        const base = invite?.credited ?? 0n;
        const unreachedShares = BigInt(PLAN_V1.matching.levels - matching.length) * share;
        const rounding = BigInt(PLAN_V1.matching.levels) * (base * 100n - share * BigInt(FULL_BP));
        const paid = sum(matching, (posting) => posting.credited + posting.lost);
        expect((paid + unreachedShares) * BigInt(FULL_BP) + rounding).toBe(
          base * BigInt(PLAN_V1.matching.rateBp) * BigInt(PLAN_V1.matching.levels),
        );
      }),
    );
  });

  it('credits only partners who may earn, never beyond their window, filling it with exactly what was credited', () => {
    fc.assert(
      fc.property(scenario, ({ purchase, context, windowOf, earns }) => {
        const { postings, windows } = purchasePostings(PLAN_V1, purchase, context);
        for (const id of IDS) {
          const due = postings.filter((posting) => posting.payeeId === id);
          // A partner who may not earn gets everything as lost profit.
          if (!earns.get(id)) expect(sum(due, (posting) => posting.credited)).toBe(0n);
          const before = windowOf.get(id) ?? null;
          const credited = sum(
            postings.filter((posting) => posting.payeeId === id),
            (posting) => posting.credited,
          );
          const after = windows.get(id) ?? before;
          if (!before) {
            expect(credited).toBe(0n);
            continue;
          }
          expect(after?.filled).toBe(before.filled + credited);
          if (credited > 0n) expect(before.filled < before.cap).toBe(true);
          expect((after?.filled ?? 0n) <= before.cap).toBe(true);
        }
      }),
    );
  });
});

describe('pairBinary properties', () => {
  const adds = fc.array(
    fc.record({
      leg: fc.constantFrom<TLeg>('left', 'right'),
      volume: fc.bigInt({ min: 0n, max: 10_000_000n }),
    }),
    { maxLength: 20 },
  );
  const run = (legs: TLegs, list: readonly { leg: TLeg; volume: bigint }[]) =>
    list.reduce(
      (state, add) => {
        const result = pairBinary(PLAN_V1, state.legs, add);
        return {
          legs: result.legs,
          paired: state.paired + result.paired,
          bonus: state.bonus + result.bonusGross,
        };
      },
      { legs, paired: 0n, bonus: 0n },
    );

  it('pairs the same total and pays the same bonus whatever the order of the additions', () => {
    fc.assert(
      fc.property(
        adds.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        fc.boolean(),
        ([list, shuffled], active) => {
          const start = { ...EMPTY_LEGS, active };
          const one = run(start, list);
          const other = run(start, shuffled);
          expect(other).toEqual(one);
          const left = list.reduce((t, a) => t + (a.leg === 'left' ? a.volume : 0n), 0n);
          const right = list.reduce((t, a) => t + (a.leg === 'right' ? a.volume : 0n), 0n);
          expect(one.paired).toBe(active ? (left < right ? left : right) : 0n);
          expect(one.bonus).toBe(applyBp(one.paired, PLAN_V1.binary.rateBp));
          expect(one.legs.left + one.paired).toBe(left);
          expect(one.legs.right + one.paired).toBe(right);
        },
      ),
    );
  });

  it('pairs volume that waited exactly as if the binary had been active from the start', () => {
    fc.assert(
      fc.property(adds, (list) => {
        const waited = run(EMPTY_LEGS, list);
        const activated = run({ ...waited.legs, active: true }, [{ leg: 'left', volume: 0n }]);
        const always = run({ ...EMPTY_LEGS, active: true }, list);
        expect(activated.legs).toEqual(always.legs);
        expect(activated.bonus).toBe(always.bonus);
      }),
    );
  });
});

describe('rounding and the periodic rules', () => {
  it('applyBp always rounds down', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat(FULL_BP), (base, rateBp) => {
        const result = applyBp(base, rateBp);
        expect(result * BigInt(FULL_BP) <= base * BigInt(rateBp)).toBe(true);
        expect(base * BigInt(rateBp) < (result + 1n) * BigInt(FULL_BP)).toBe(true);
      }),
    );
  });

  it('leaderPool: shares + remainder = pool, remainder below one minor unit per Diamond', () => {
    fc.assert(
      fc.property(amount, fc.uniqueArray(fc.string(), { maxLength: 7 }), (monthBv, ids) => {
        const { pool, share, companyRemainder } = leaderPool(PLAN_V1, monthBv, ids);
        expect(pool).toBe(applyBp(monthBv, PLAN_V1.leaderPool.rateBp));
        expect(share * BigInt(ids.length) + companyRemainder).toBe(pool);
        if (ids.length > 0) expect(companyRemainder < BigInt(ids.length)).toBe(true);
      }),
    );
  });

  it('dftUnlocks never decreases, never exceeds the grant', () => {
    const bought = new Date('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(amount, fc.nat(500), fc.nat(500), (grant, d1, d2) => {
        const [early, late] = [Math.min(d1, d2), Math.max(d1, d2)].map(
          (days) =>
            dftUnlocks(PLAN_V1, grant, bought, new Date(bought.getTime() + days * 86_400_000)).unlocked,
        );
        expect((early ?? 0n) <= (late ?? 0n) && (late ?? 0n) <= grant).toBe(true);
      }),
    );
  });

  it('lostProfitRecovery never overfills the window and splits each entry into recovered + rest', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    fc.assert(
      fc.property(
        windowArb,
        fc.array(fc.record({ amount, ageHours: fc.nat(24 * 10) }), { maxLength: 8 }),
        (window, entries) => {
          const start = window ?? { cap: 0n, filled: 0n };
          const pending = entries.map((entry) => ({
            amount: entry.amount,
            createdAt: new Date(now.getTime() - entry.ageHours * 3_600_000),
          }));
          const result = lostProfitRecovery(PLAN_V1, pending, start, now);
          expect(result.window.filled <= (start.cap > start.filled ? start.cap : start.filled)).toBe(true);
          const recovered = result.recovered.reduce((total, item) => total + item.amount, 0n);
          expect(result.window.filled - start.filled).toBe(recovered);
          for (const item of result.recovered) expect(item.amount + item.rest).toBe(item.entry.amount);
          expect(result.recovered.length + result.expired.length).toBe(pending.length);
        },
      ),
    );
  });
});
