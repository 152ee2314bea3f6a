import { describe, expect, it } from 'vitest';
import { emptyLegs } from './fold-state';
import { tariffChange, TestNetwork, usdt } from './test/network';

describe('the ordered fold', () => {
  /**
   * The example: a purchase's binary comes before its quick start (plan section 4), so the
   * cap cuts the quick start, and the sponsor's matching is 1% of the binary credited.
   */
  it('pays binary before quick start within one purchase, and the matching of what was credited', () => {
    const net = new TestNetwork()
      .join('T')
      .join('R', 'T')
      .join('A', 'R', { parent: 'R', leg: 'left' })
      .join('B', 'R', { parent: 'R', leg: 'right' })
      .join('C', 'R', { parent: 'B', leg: 'right' })
      .join('A1', 'A', { parent: 'A', leg: 'left' });
    net.tariff('T', 'tariff-45000');
    net.tariff('R', 'tariff-500');
    net.tariff('A', 'tariff-7500');
    net.tariff('B', 'tariff-7500');
    // R: invites 525 + 525, binary 750 (active with A and B), Bronze 100 at B's purchase.
    expect(net.window('R')!.filled).toBe(usdt(1900));
    net.tariff('A1', 'tariff-3000');
    expect(net.window('R')!.filled).toBe(usdt('1902.10'));
    const { postings } = net.tariff('C', 'tariff-3000');
    const ofR = postings.filter((posting) => posting.payeeId === 'R');
    expect(ofR.map((posting) => [posting.bonusType, posting.credited, posting.lost])).toEqual([
      ['invite', usdt(210), 0n],
      ['binary', usdt(300), 0n],
      ['quick_start', usdt('87.90'), usdt('212.10')],
    ]);
    const matchingOfBinary = postings.find(
      (posting) => posting.payeeId === 'T' && posting.sourceBonusType === 'binary',
    );
    expect(matchingOfBinary?.credited).toBe(usdt(3));
    // The postings are numbered in the plan's order: invite, its matching, binary, its matching, quick start.
    expect(postings.map((posting) => posting.bonusType)).toEqual([
      'invite',
      'matching',
      'matching',
      'binary',
      'matching',
      'matching',
      'quick_start',
    ]);
    expect(postings.map((posting) => posting.ordinal)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('rounds each pairing on its own', () => {
    const net = new TestNetwork()
      .join('M')
      .join('X', 'M', { parent: 'M', leg: 'left' })
      .join('Y', 'M', { parent: 'M', leg: 'right' });
    net.tariff('M', 'tariff-45000');
    net.tariff('X', 'tariff-50');
    net.tariff('Y', 'tariff-50');
    // Two token packs of 100.000005 on each side pay 10.000000 each time, never 10.000001.
    const pack = usdt('100.000005');
    const pays: bigint[] = [];
    for (let round = 0; round < 2; round++) {
      net.buy('X', 'token_pack', pack);
      const { postings } = net.buy('Y', 'token_pack', pack);
      pays.push(postings.find((posting) => posting.bonusType === 'binary' && posting.payeeId === 'M')!.gross);
    }
    expect(pays).toEqual([usdt(10), usdt(10)]);
  });
});

describe('the fold, rule by rule (compensation-plan.md section 4)', () => {
  it('pays the invite and its matching by levels, not generations: a short depth keeps its share for the company', () => {
    // root <- L3 (1500, depth 5) <- L2 (50, depth 1) <- M (1500) <- B, who buys 1500.
    const net = new TestNetwork().join('L3').join('L2', 'L3').join('M', 'L2').join('B', 'M');
    net.tariff('L3', 'tariff-1500');
    net.tariff('L2', 'tariff-50');
    net.tariff('M', 'tariff-1500');
    const { postings } = net.tariff('B', 'tariff-1500');
    expect(postings.map((p) => [p.bonusType, p.payeeId, p.level, p.gross])).toEqual([
      ['invite', 'M', 1, usdt(105)],
      ['matching', 'L2', 1, usdt('1.05')], // depth 1 reaches level 1
      // L3 is level 2 with depth 5; the root level 3
      ['matching', 'L3', 2, usdt('1.05')],
      ['matching', 'root', 3, usdt('1.05')],
    ]);
  });

  it('credits what fits in the window, the rest is lost profit (capTook), and matching pays on the credited part', () => {
    const net = new TestNetwork().join('U').join('M', 'U').join('B', 'M');
    net.tariff('U', 'tariff-500');
    net.tariff('M', 'tariff-1500');
    net.window('M')!.filled = usdt(7450); // 50 left of 7500
    const { postings } = net.tariff('B', 'tariff-1500');
    expect(postings[0]).toMatchObject({
      bonusType: 'invite',
      credited: usdt(50),
      lost: usdt(55),
      capTook: usdt(55),
    });
    expect(postings[1]).toMatchObject({
      bonusType: 'matching',
      payeeId: 'U',
      base: usdt(50),
      gross: usdt('0.50'),
    });
    expect(net.state.lostEntriesOf('M').map((entry) => entry.amount)).toEqual([usdt(55)]);
  });

  it('makes the whole bonus lost profit for a mentor without a tariff, with no matching on it', () => {
    const net = new TestNetwork().join('U').join('M', 'U').join('B', 'M');
    net.tariff('U', 'tariff-500');
    const { postings } = net.tariff('B', 'tariff-500');
    expect(postings.map((p) => [p.bonusType, p.payeeId, p.credited, p.lost, p.capTook])).toEqual([
      ['invite', 'M', 0n, usdt(35), 0n],
    ]);
  });

  it('orders the ticket after the binary and VP after the invite matching; a ticket pays 10% to the mentor only', () => {
    const net = new TestNetwork().join('L3').join('L2', 'L3').join('L1', 'L2').join('K', 'L1');
    for (const id of ['L3', 'L2', 'L1']) net.tariff(id, 'tariff-500');
    const key = net.buy('K', 'validator_key', usdt(1200)); // paid in DXN: 1200 USDT of value
    expect(key.postings.map((p) => [p.bonusType, p.payeeId, p.gross])).toEqual([
      ['invite', 'L1', usdt(84)],
      ['matching', 'L2', usdt('0.84')],
      ['matching', 'L3', usdt('0.84')],
      ['matching', 'root', usdt('0.84')],
      ['vp', 'L1', usdt(60)],
      ['vp', 'L2', usdt(60)],
      ['vp', 'L3', usdt(60)],
    ]);
    const ticket = net.buy('K', 'event_ticket', usdt(750));
    expect(ticket.postings.map((p) => [p.bonusType, p.payeeId, p.gross])).toEqual([
      ['ticket', 'L1', usdt(75)],
    ]);
  });

  it("pays the promo owner (20% - discount) x list price after the invite's matching; one payee's postings share the window", () => {
    const net = new TestNetwork().join('M').join('B', 'M');
    net.tariff('M', 'tariff-500');
    net.window('M')!.filled = usdt(2440); // 60 left
    const { postings } = net.buy('B', 'tariff', usdt(450), {
      listPrice: usdt(500),
      tariff: tariffChange('tariff-500'),
      promo: { ownerId: 'M', discountBp: 1000 },
    });
    expect(postings.map((p) => [p.bonusType, p.payeeId, p.gross, p.credited, p.lost])).toEqual([
      ['invite', 'M', usdt('31.50'), usdt('31.50'), 0n],
      ['matching', 'root', usdt('0.315'), usdt('0.315'), 0n],
      ['promo_owner', 'M', usdt(50), usdt('28.50'), usdt('21.50')],
    ]);
    // A 20% code pays its owner nothing.
    const free = net.buy('B', 'token_pack', usdt(80), {
      listPrice: usdt(100),
      promo: { ownerId: 'M', discountBp: 2000 },
    });
    expect(free.postings.some((p) => p.bonusType === 'promo_owner')).toBe(false);
  });

  it('pays the binary nearest ancestor first, each followed by its matching, after the invite and its matching', () => {
    // far (left: 2000 waiting) <- near (left: 600 waiting) <- B on the right of near.
    const net = new TestNetwork()
      .join('far')
      .join('near', 'far', { parent: 'far', leg: 'right' })
      .join('B', 'near', { parent: 'near', leg: 'right' });
    net.tariff('far', 'tariff-45000');
    net.tariff('near', 'tariff-45000');
    // The legs as a history of purchases left them.
    const legs = (left: bigint) => ({ ...emptyLegs(), leftUnpaid: left, leftTotal: left, active: true });
    net.state.partner('near').legs = legs(usdt(600));
    net.state.partner('far').legs = legs(usdt(2000));
    const { postings } = net.buy('B', 'device', usdt(1000));
    expect(postings.map((p) => [p.bonusType, p.payeeId, p.gross, p.sourceBonusType])).toEqual([
      ['invite', 'near', usdt(70), null],
      ['matching', 'far', usdt('0.70'), 'invite'],
      ['matching', 'root', usdt('0.70'), 'invite'],
      ['binary', 'near', usdt(60), null],
      ['matching', 'far', usdt('0.60'), 'binary'],
      ['matching', 'root', usdt('0.60'), 'binary'],
      ['binary', 'far', usdt(100), null],
      ['matching', 'root', usdt(1), 'binary'],
    ]);
  });

  it('recovers lost profit of the last 7 days first, oldest first, into the new window; older entries are gone', () => {
    const net = new TestNetwork().join('M').join('A', 'M').join('B', 'M').join('C', 'M').join('D', 'M');
    net.tariff('A', 'tariff-1500'); // M has no tariff: 105 lost
    net.pass(2);
    net.tariff('B', 'tariff-500'); // 35 lost
    net.pass(5); // A's 105 is exactly 7 days old now, B's 5
    net.tariff('C', 'tariff-50'); // 3.50 lost
    net.pass(1); // A's 105 is 8 days old: gone
    const { postings } = net.tariff('M', 'tariff-50'); // a window of 250
    expect(postings.map((p) => [p.bonusType, p.payeeId, p.credited])).toEqual([
      ['lost_profit', 'M', usdt(35)],
      ['lost_profit', 'M', usdt('3.50')],
      ['invite', 'root', usdt('3.50')],
    ]);
    expect(net.window('M')).toMatchObject({ filled: usdt('38.50') });
  });

  it('pays quick start once, when the 3rd invitee of 500 or more buys within 30 days of the first tariff', () => {
    const net = new TestNetwork()
      .join('P')
      .join('A', 'P')
      .join('B', 'P')
      .join('C', 'P')
      .join('D', 'P')
      .join('E', 'P');
    net.tariff('P', 'tariff-500');
    net.tariff('A', 'tariff-500');
    net.tariff('B', 'tariff-1500');
    net.tariff('E', 'tariff-50'); // a 50 does not count
    const third = net.tariff('C', 'tariff-500');
    expect(third.postings.filter((p) => p.bonusType === 'quick_start')).toMatchObject([
      { payeeId: 'P', credited: usdt(300) },
    ]);
    expect(net.tariff('D', 'tariff-500').postings.some((p) => p.bonusType === 'quick_start')).toBe(false);

    const late = new TestNetwork().join('P').join('A', 'P').join('B', 'P').join('C', 'P');
    late.tariff('P', 'tariff-500');
    late.tariff('A', 'tariff-500');
    late.tariff('B', 'tariff-500');
    late.pass(31);
    expect(late.tariff('C', 'tariff-500').postings.some((p) => p.bonusType === 'quick_start')).toBe(false);
  });

  it('gives the inviter 1000 DXN once per invited partner for a tariff inside the Hot Winter window', () => {
    const net = new TestNetwork().join('M').join('B', 'M');
    const first = net.buy('B', 'tariff', usdt(50), { tariff: tariffChange('tariff-50'), winter: true });
    expect(first.postings.filter((p) => p.currency === 'DXN')).toMatchObject([
      { bonusType: 'hot_winter_gift', payeeId: 'M', credited: 100_000_000_000n },
    ]);
    const upgrade = net.buy('B', 'tariff', usdt(450), {
      tariff: tariffChange('tariff-500', 'upgrade', usdt(450)),
      winter: true,
    });
    expect(upgrade.postings.some((p) => p.currency === 'DXN')).toBe(false);
  });

  it('reverses a refund with the matching it gave; what the payee no longer holds is a debt, repaid first from the next bonus', () => {
    const net = new TestNetwork().join('U').join('M', 'U').join('B', 'M').join('C', 'M');
    net.tariff('U', 'tariff-1500');
    net.tariff('M', 'tariff-500');
    const { purchaseId } = net.buy('B', 'device', usdt(1000)); // invite 70 to M, 0.70 to U
    const refund = net.refund(purchaseId, { available: (id) => (id === 'M' ? usdt(20) : usdt(1000)) });
    expect(refund.map((p) => [p.bonusType, p.payeeId, p.credited, p.taken, p.debt])).toEqual([
      ['invite', 'M', -usdt(70), usdt(20), usdt(50)],
      ['matching', 'U', -usdt('0.70'), usdt('0.70'), 0n],
      ['matching', 'root', -usdt('0.70'), usdt('0.70'), 0n],
    ]);
    expect(net.state.partner('M').debt).toBe(usdt(50));
    expect(net.window('M')!.filled).toBe(0n);
    // A second refund of the same purchase reverses nothing.
    expect(net.refund(purchaseId)).toEqual([]);
    const next = net.buy('C', 'device', usdt(1000));
    expect(next.postings[0]).toMatchObject({
      bonusType: 'invite',
      payeeId: 'M',
      credited: usdt(70),
      debtRepaid: usdt(50),
    });
    expect(net.state.partner('M').debt).toBe(0n);
  });

  it('pays the leader pool of a month to the Diamonds of that moment, under the cap rules', () => {
    const net = new TestNetwork().join('D1').join('D2');
    net.tariff('D1', 'tariff-1500');
    net.tariff('D2', 'tariff-1500');
    net.state.setRank('D1', 'Diamond');
    net.state.setRank('D2', 'Diamond');
    net.window('D2')!.filled = usdt(7490);
    const postings = net.fold({
      kind: 'leader_pool',
      id: 'lp',
      at: net.at,
      period: '2026-08',
      bv: usdt('3100.0001'),
    });
    expect(postings.map((p) => [p.payeeId, p.gross, p.credited, p.lost, p.period])).toEqual([
      ['D1', usdt('15.50'), usdt('15.50'), 0n, '2026-08'],
      ['D2', usdt('15.50'), usdt(10), usdt('5.50'), '2026-08'],
    ]);
  });
});
