import { describe, expect, it } from 'vitest';
import { EMPTY_LEGS } from './binary';
import { PLAN_V1 } from './plan';
import { binaryPostings, purchasePostings } from './purchase';
import { member, purchase, usdt, window } from './test/factories';

const brief = (postings: readonly { payeeId: string; bonusType: string; credited: bigint; lost: bigint }[]) =>
  postings.map(({ payeeId, bonusType, credited, lost }) => ({ payeeId, bonusType, credited, lost }));

describe('purchasePostings', () => {
  it('pays the invite bonus and its matching by levels, without compression', () => {
    // 1500 BV: invite 7% = 105 to the mentor; matching 1% of 105 = 1.05 per reached level.
    const result = purchasePostings(PLAN_V1, purchase(), {
      chain: [
        member('mentor', { matchingDepth: 5 }),
        member('u1', { matchingDepth: 1 }), // level 1 of the mentor's upline: reached
        member('u2', { matchingDepth: 1 }), // level 2: depth 1 too short, stays with the company
        member('u3', { matchingDepth: 3, mayEarn: false }), // level 3: reached but Inactive -> lost profit
      ],
    });
    expect(brief(result.postings)).toEqual([
      { payeeId: 'mentor', bonusType: 'invite', credited: usdt(105), lost: 0n },
      { payeeId: 'u1', bonusType: 'matching', credited: usdt('1.05'), lost: 0n },
      { payeeId: 'u3', bonusType: 'matching', credited: 0n, lost: usdt('1.05') },
    ]);
    expect(result.postings[2]?.explanation).toMatchObject({
      level: 3,
      base: usdt(105),
      rateBp: 100,
      sourceBonusType: 'invite',
      sourcePayeeId: 'mentor',
      planVersion: 'v1',
      sourcePurchaseId: 'p1',
      buyerId: 'buyer',
    });
    // 1500 - 105 - 1.05 - 1.05
    expect(result.companyShare).toBe(usdt('1392.9'));
  });

  it('fills the cap window: what does not fit is lost profit, and matching pays only on the credited part', () => {
    const result = purchasePostings(PLAN_V1, purchase(), {
      chain: [member('mentor', { window: window(usdt(2500), usdt(2450)) }), member('u1')],
    });
    expect(brief(result.postings)).toEqual([
      { payeeId: 'mentor', bonusType: 'invite', credited: usdt(50), lost: usdt(55) },
      { payeeId: 'u1', bonusType: 'matching', credited: usdt('0.5'), lost: 0n },
    ]);
    expect(result.postings[0]?.explanation.capTook).toBe(usdt(55));
    expect(result.windows.get('mentor')).toEqual(window(usdt(2500), usdt(2500)));
  });

  it('makes every bonus lost profit for an Inactive mentor and pays no matching on it', () => {
    const result = purchasePostings(PLAN_V1, purchase(), {
      chain: [member('mentor', { mayEarn: false, window: null }), member('u1')],
    });
    expect(brief(result.postings)).toEqual([
      { payeeId: 'mentor', bonusType: 'invite', credited: 0n, lost: usdt(105) },
    ]);
    expect(result.postings[0]?.explanation.capTook).toBe(0n);
  });

  it('pays nothing without a mentor', () => {
    const result = purchasePostings(PLAN_V1, purchase(), { chain: [] });
    expect(result.postings).toEqual([]);
    expect(result.companyShare).toBe(usdt(1500));
  });

  it('pays 10% of an event ticket to the direct mentor only, with no invite and no matching', () => {
    const ticket = purchase({
      productKind: 'event_ticket',
      productCode: 'ticket',
      bv: 0n,
      listPrice: usdt(750),
    });
    const result = purchasePostings(
      PLAN_V1,
      { ...ticket, netPrice: usdt(750) },
      { chain: [member('m'), member('u1')] },
    );
    expect(brief(result.postings)).toEqual([
      { payeeId: 'm', bonusType: 'ticket', credited: usdt(75), lost: 0n },
    ]);
  });

  it('pays VP 5% of a validator key to levels 1..3, after the invite and before matching', () => {
    const key = purchase({ productKind: 'validator_key', productCode: 'validator-key' });
    const chain = ['l1', 'l2', 'l3', 'l4'].map((id) => member(id, { matchingDepth: 1 }));
    const result = purchasePostings(PLAN_V1, key, { chain });
    expect(brief(result.postings)).toEqual([
      { payeeId: 'l1', bonusType: 'invite', credited: usdt(105), lost: 0n },
      { payeeId: 'l1', bonusType: 'vp', credited: usdt(75), lost: 0n },
      { payeeId: 'l2', bonusType: 'vp', credited: usdt(75), lost: 0n },
      { payeeId: 'l3', bonusType: 'vp', credited: usdt(75), lost: 0n },
      { payeeId: 'l2', bonusType: 'matching', credited: usdt('1.05'), lost: 0n },
    ]);
    expect(result.postings.map((posting) => posting.explanation.level)).toEqual([1, 1, 2, 3, 1]);
    // 1500 - 105 - 3 x 75 - 1.05
    expect(result.companyShare).toBe(usdt('1168.95'));
  });

  it('pays the promo code owner 20% - discount of the list price; postings to one payee share the window', () => {
    // List 500, discount 10%: net 450 = BV; invite 7% x 450 = 31.5; owner 10% x 500 = 50.
    const promoPurchase = purchase({
      productCode: 'tariff-500',
      listPrice: usdt(500),
      netPrice: usdt(450),
      bv: usdt(450),
      promo: { ownerId: 'mentor', discountBp: 1000 },
    });
    const mentor = member('mentor', { matchingDepth: 0, window: window(usdt(2500), usdt(2440)) });
    const result = purchasePostings(PLAN_V1, promoPurchase, { chain: [mentor], promoOwner: mentor });
    // Room 60: the invite takes 31.5, the owner bonus gets the remaining 28.5 and loses 21.5.
    expect(brief(result.postings)).toEqual([
      { payeeId: 'mentor', bonusType: 'invite', credited: usdt('31.5'), lost: 0n },
      { payeeId: 'mentor', bonusType: 'promo_owner', credited: usdt('28.5'), lost: usdt('21.5') },
    ]);
    expect(result.postings[1]?.explanation).toMatchObject({ base: usdt(500), rateBp: 1000 });
  });

  it('pays no owner bonus on a 20% code, and refuses a code used by its owner', () => {
    const owner = member('owner');
    const promoPurchase = purchase({
      listPrice: usdt(500),
      netPrice: usdt(400),
      bv: usdt(400),
      promo: { ownerId: 'owner', discountBp: 2000 },
    });
    const result = purchasePostings(PLAN_V1, promoPurchase, { chain: [], promoOwner: owner });
    expect(result.postings).toEqual([]);
    expect(() =>
      purchasePostings(PLAN_V1, { ...promoPurchase, buyerId: 'owner' }, { chain: [], promoOwner: owner }),
    ).toThrow(RangeError);
    expect(() =>
      purchasePostings(
        PLAN_V1,
        { ...promoPurchase, promo: { ownerId: 'owner', discountBp: 1500 } },
        { chain: [] },
      ),
    ).toThrow(RangeError);
  });

  it('orders invite, binary (nearest first), then the matching of each', () => {
    // BV 1000 lands on the right leg of two ancestors with 600 and 2000 waiting on the left.
    const result = purchasePostings(
      PLAN_V1,
      purchase({ bv: usdt(1000), netPrice: usdt(1000), listPrice: usdt(1000) }),
      {
        chain: [member('mentor', { matchingDepth: 0 }), member('top', { matchingDepth: 1 })],
        binary: [
          {
            ancestor: member('near', { matchingDepth: 0 }),
            legs: { ...EMPTY_LEGS, left: usdt(600), active: true },
            leg: 'right',
            upline: [member('mentor', { matchingDepth: 1 })],
          },
          {
            ancestor: member('far'),
            legs: { ...EMPTY_LEGS, left: usdt(2000), active: true },
            leg: 'right',
            upline: [member('top', { matchingDepth: 0 })],
          },
        ],
      },
    );
    // invite 70; near pairs 600 -> 60; far pairs 1000 -> 100; matching: 1% of 70 to top (level 1
    // of the mentor), 1% of 60 to mentor (level 1 of near); top's depth 0 for far's bonus.
    expect(brief(result.postings)).toEqual([
      { payeeId: 'mentor', bonusType: 'invite', credited: usdt(70), lost: 0n },
      { payeeId: 'near', bonusType: 'binary', credited: usdt(60), lost: 0n },
      { payeeId: 'far', bonusType: 'binary', credited: usdt(100), lost: 0n },
      { payeeId: 'top', bonusType: 'matching', credited: usdt('0.7'), lost: 0n },
      { payeeId: 'mentor', bonusType: 'matching', credited: usdt('0.6'), lost: 0n },
    ]);
    expect(result.legs).toEqual([
      { left: 0n, right: usdt(400), active: true, pairedTotal: usdt(600) },
      { left: usdt(1000), right: 0n, active: true, pairedTotal: usdt(1000) },
    ]);
  });

  it('rejects BV on a product that carries none', () => {
    const ticket = purchase({ productKind: 'event_ticket', productCode: 'ticket' });
    expect(() => purchasePostings(PLAN_V1, ticket, { chain: [] })).toThrow(RangeError);
  });
});

describe('binaryPostings', () => {
  it('pairs volume that waited once the binary turns active, with matching over the ancestor upline', () => {
    const result = binaryPostings(PLAN_V1, {
      purchaseId: 'activation',
      buyerId: 'invitee2',
      ancestor: member('a'),
      legs: { left: usdt(1000), right: usdt(600), active: true, pairedTotal: 0n },
      leg: 'left',
      volume: 0n,
      upline: [member('s1'), member('s2', { matchingDepth: 1 })],
    });
    // paired 600 -> 60 to a; matching 0.6 to s1 (level 1); s2 depth 1 < level 2.
    expect(result.paired).toBe(usdt(600));
    expect(brief(result.postings)).toEqual([
      { payeeId: 'a', bonusType: 'binary', credited: usdt(60), lost: 0n },
      { payeeId: 's1', bonusType: 'matching', credited: usdt('0.6'), lost: 0n },
    ]);
    expect(result.legs).toEqual({ left: usdt(400), right: 0n, active: true, pairedTotal: usdt(600) });
  });

  it('sees the fills of an earlier computation of the same purchase through `windows`', () => {
    const a = member('a', { window: window(usdt(200)) });
    const first = purchasePostings(PLAN_V1, purchase(), { chain: [a] }); // invite 105 fills 105 of 200
    const result = binaryPostings(
      PLAN_V1,
      {
        purchaseId: 'p1',
        buyerId: 'buyer',
        ancestor: a,
        legs: { ...EMPTY_LEGS, left: usdt(1500), active: true },
        leg: 'right',
        volume: usdt(1500),
        upline: [],
      },
      first.windows,
    );
    // Binary 150, room 95.
    expect(brief(result.postings)).toEqual([
      { payeeId: 'a', bonusType: 'binary', credited: usdt(95), lost: usdt(55) },
    ]);
    expect(result.windows.get('a')).toEqual(window(usdt(200), usdt(200)));
  });
});
