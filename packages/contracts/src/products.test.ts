import { describe, expect, it } from 'vitest';
import { dxnToUsdt, packYearEnd, tokenPackProfit, tokenPackYearYield, usdtToDxn } from './products';

describe('the token-pack arithmetic shared by the server and the calculators', () => {
  it('converts USDT to DXN at a rate, rounding down to 8 places', () => {
    expect(usdtToDxn(100_000_000n, '0.05')).toBe(200_000_000_000n); // 2000 DXN
    expect(usdtToDxn(100_000_000n, '0.03')).toBe(333_333_333_333n); // 3333.33333333
    expect(usdtToDxn(1n, '3')).toBe(33n); // 0.000001 / 3 = 0.00000033(3)
    expect(() => usdtToDxn(1n, '0')).toThrow();
  });

  it('prices DXN in USDT, rounding up, so that the USDT asked for buys at least that DXN', () => {
    expect(dxnToUsdt(200_000_000_000n, '0.05')).toBe(100_000_000n);
    expect(dxnToUsdt(1n, '0.03')).toBe(1n);
    for (const dxn of [1n, 333_333_333_333n, 123_456_789n]) {
      expect(usdtToDxn(dxnToUsdt(dxn, '0.03'), '0.03') >= dxn).toBe(true);
    }
  });

  it('pays principal x yield_bp / 10000 each year, rounded down', () => {
    expect(tokenPackYearYield(333_333_333_333n, 1500)).toBe(49_999_999_999n);
    expect(tokenPackProfit(1_000_000_000n, 1, '0.05')).toEqual({
      principal: 2_000_000_000_000n,
      yearly: [300_000_000_000n],
      profit: 300_000_000_000n,
      total: 2_300_000_000_000n,
    });
    expect(tokenPackProfit(1_000_000_000n, 2, '0.05')).toMatchObject({
      yearly: [400_000_000_000n, 400_000_000_000n],
      profit: 800_000_000_000n,
    });
  });

  it('ends a pack year on the same UTC date a year on', () => {
    expect(packYearEnd(new Date('2026-03-10T12:00:00Z'), 2).toISOString()).toBe('2028-03-10T12:00:00.000Z');
  });
});
