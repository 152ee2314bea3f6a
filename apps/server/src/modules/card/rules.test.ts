import { describe, expect, it } from 'vitest';
import { CARD_RULES, euroCents, formatEuro, plainUsdt } from './rules';

describe('card top-up amounts', () => {
  it('charges euro rounded up to the cent', () => {
    expect(euroCents(100_500_000n, '0.92')).toBe(9246n);
    // 15.000001 x 0.92 = 13.80000092 EUR: a fraction of a cent more is a whole cent more.
    expect(euroCents(15_000_001n, '0.92')).toBe(1381n);
    expect(euroCents(15_000_000n, '0.92')).toBe(1380n);
    expect(euroCents(1n, '0.92')).toBe(1n);
    expect(euroCents(3_000_000_000n, '1.0735')).toBe(322050n);
    expect(euroCents(10_000_000n, '2')).toBe(2000n);
  });

  it('formats euro and USDT for answers and messages', () => {
    expect(formatEuro(9246n)).toBe('92.46');
    expect(formatEuro(5n)).toBe('0.05');
    expect(formatEuro(300000n)).toBe('3000.00');
    expect(plainUsdt(CARD_RULES.min)).toBe('15');
    expect(plainUsdt(CARD_RULES.max)).toBe('3000');
    expect(plainUsdt(CARD_RULES.kycAbove)).toBe('700');
    expect(plainUsdt(15_500_000n)).toBe('15.5');
  });
});
