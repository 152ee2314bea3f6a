import { describe, expect, it } from 'vitest';
import { TestNetwork, usdt } from './test/network';

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
