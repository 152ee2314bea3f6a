import { BV_KINDS, CURRENCY_PLACES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { unit } from './money';
import { PLAN_V1 } from './plan';

describe('agreement with @portal/contracts', () => {
  it('uses the same currency places', () => {
    for (const [currency, places] of Object.entries(CURRENCY_PLACES)) {
      expect(unit(currency as keyof typeof CURRENCY_PLACES)).toBe(10n ** BigInt(places));
    }
  });

  it('gives volume to the same product kinds', () => {
    expect([...PLAN_V1.bvKinds].sort()).toEqual([...BV_KINDS].sort());
  });
});
