import { describe, expect, it } from 'vitest';
import { filledPermille } from './ratio';

describe('filledPermille', () => {
  it('is the share in tenths of a percent, rounded down on the exact amounts', () => {
    expect(filledPermille('0', '1000')).toBe(0);
    expect(filledPermille('250', '1000')).toBe(250);
    expect(filledPermille('2499.999999', '5000')).toBe(499);
    expect(filledPermille('0.000001', '5000')).toBe(0);
    expect(filledPermille('5000', '5000')).toBe(1000);
  });

  it('stays within 0..1000 and is 0 against nothing', () => {
    expect(filledPermille('7000', '5000')).toBe(1000);
    expect(filledPermille('-5', '5000')).toBe(0);
    expect(filledPermille('10', '0')).toBe(0);
  });
});
