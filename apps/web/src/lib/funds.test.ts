import { describe, expect, it } from 'vitest';
import { depositAmountOf, fundsFor, withDeposit } from './funds';

describe('fundsFor', () => {
  it('says how much the balance lacks, to the last minor unit, never through floating point', () => {
    expect(fundsFor('1500.000000', '2600.000000')).toEqual({
      balance: '1500.000000',
      price: '2600.000000',
      shortfall: '1100.000000',
      after: null,
    });
    // 0.3 - 0.2 is 0.09999999999999998 in floating point.
    expect(fundsFor('0.2', '0.3').shortfall).toBe('0.100000');
    expect(fundsFor('0.000001', '0.000002').shortfall).toBe('0.000001');
  });

  it('says what stays after paying when the balance is enough, exactly enough included', () => {
    expect(fundsFor('500.000000', '450.00')).toMatchObject({ shortfall: null, after: '50.000000' });
    expect(fundsFor('450.000000', '450.00')).toMatchObject({ shortfall: null, after: '0.000000' });
  });

  it('says nothing while the balance is unknown', () => {
    expect(fundsFor(null, '450.00')).toMatchObject({ shortfall: null, after: null });
  });
});

describe('the deposit asked for in the address bar', () => {
  it('carries a plain amount, without trailing zeros, and refuses anything else', () => {
    expect(depositAmountOf('1100.000000')).toBe('1100');
    expect(depositAmountOf('0.500000')).toBe('0.5');
    expect(depositAmountOf('12.34')).toBe('12.34');
    for (const bad of [null, '', '0', '-5', '1e3', 'abc', '1.1234567'])
      expect(depositAmountOf(bad)).toBeNull();
  });

  it('keeps the other parameters of the address', () => {
    expect(withDeposit('?currency=USDT&page=2', '1100.000000')).toBe('?currency=USDT&page=2&deposit=1100');
    expect(withDeposit('', '')).toBe('?deposit=');
  });
});
