import { describe, expect, it } from 'vitest';
import { cardBin, cardBrandOf, luhnValid } from './cards';

describe('card numbers', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('0000000000000000')).toBe(true);
    expect(luhnValid('42424242424')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  it('names the scheme from the prefix', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('3566002020360505')).toBe('jcb');
    expect(cardBrandOf('6200000000000005')).toBe('unionpay');
    expect(cardBrandOf('36227206271667')).toBe('diners');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
  });

  it('takes the first eight digits as the BIN', () => {
    expect(cardBin('4000025000070002')).toBe('40000250');
  });
});
