import { describe, expect, it } from 'vitest';
import { formatMinor, formatMinorShort, parseMinor, zAmount } from './money';
import { fieldErrors } from './validation';

describe('money in minor units', () => {
  it('parses decimal strings exactly, with the currency places', () => {
    expect(parseMinor('12.5', 'USDT')).toBe(12_500_000n);
    expect(parseMinor('0.000001', 'USDT')).toBe(1n);
    expect(parseMinor('0.00000001', 'DXN')).toBe(1n);
    expect(parseMinor('90071992547409.931234', 'USDT')).toBe(90071992547409931234n);
    expect(parseMinor('-3', 'DFT')).toBe(-300_000_000n);
  });

  it('refuses more places than the currency has, and anything not a plain decimal', () => {
    expect(parseMinor('0.0000001', 'USDT')).toBeNull();
    for (const text of ['', '1e3', '1,5', '0x10', '.5', '1.', 'NaN', ' 1 2'])
      expect(parseMinor(text, 'USDT')).toBeNull();
  });

  it('formats with every place of the currency', () => {
    expect(formatMinor(12_500_000n, 'USDT')).toBe('12.500000');
    expect(formatMinor(1n, 'DXN')).toBe('0.00000001');
    expect(formatMinor(0n, 'USDT')).toBe('0.000000');
    expect(formatMinor(-1_500_000n, 'USDT')).toBe('-1.500000');
  });

  it('validates request amounts with the spec message', () => {
    const amount = zAmount('USDT');
    expect(amount.parse('10.5')).toBe('10.5');
    const zero = amount.safeParse('0');
    expect(zero.success || fieldErrors(zero.error.issues)).toEqual({
      non_field_errors: ['Amount must be more than zero.'],
    });
    const tooPrecise = amount.safeParse('1.0000001');
    expect(tooPrecise.success || fieldErrors(tooPrecise.error.issues)).toEqual({
      non_field_errors: ['Use at most 6 decimal places.'],
    });
    const dxn = zAmount('DXN').safeParse('1.000000001');
    expect(dxn.success || fieldErrors(dxn.error.issues)).toEqual({
      non_field_errors: ['Use at most 8 decimal places.'],
    });
    const text = amount.safeParse('12,5');
    expect(text.success || fieldErrors(text.error.issues)).toEqual({
      non_field_errors: ['Enter a valid value.'],
    });
  });

  it('formats for a message with trailing zeros dropped, at least two places', () => {
    expect(formatMinorShort(10_000_000n, 'USDT')).toBe('10.00');
    expect(formatMinorShort(15_000n, 'USDT')).toBe('0.015');
    expect(formatMinorShort(123_45678900n, 'DXN')).toBe('123.456789');
  });
});

describe('multiplying decimals', () => {
  it('is exact, rounding down or up to the places asked', async () => {
    const { multiplyDecimals } = await import('./money');
    expect(multiplyDecimals('100', '0.92', 2, 'up')).toBe('92.00');
    expect(multiplyDecimals('15.000001', '0.92', 2, 'up')).toBe('13.81');
    expect(multiplyDecimals('15.000001', '0.92', 2, 'down')).toBe('13.80');
    expect(multiplyDecimals('3000', '1.0857', 2, 'down')).toBe('3257.10');
    expect(multiplyDecimals('0.1', '0.2', 0, 'up')).toBe('1');
    expect(multiplyDecimals('1e3', '2', 2, 'up')).toBeNull();
  });
});
