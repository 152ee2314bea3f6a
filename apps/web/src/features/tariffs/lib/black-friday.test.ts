import { describe, expect, test } from 'vitest';
import { blackFridayPrice } from './black-friday';

describe('blackFridayPrice', () => {
  test('takes the percent off, the discount rounded down as the server does', () => {
    expect(blackFridayPrice('500.000000', 10)).toBe('450.000000');
    expect(blackFridayPrice('0.000015', 10)).toBe('0.000014');
    expect(blackFridayPrice('45000.000000', 0)).toBe('45000.000000');
  });
});
