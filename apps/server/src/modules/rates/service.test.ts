import { describe, expect, it } from 'vitest';
import { dexnetPerUsdt } from './service';

describe('DexNet per USDT', () => {
  it('inverts the rate exactly, rounding down to 8 places', () => {
    expect(dexnetPerUsdt('0.05')).toBe('20.00000000');
    expect(dexnetPerUsdt('3')).toBe('0.33333333');
    expect(dexnetPerUsdt('1')).toBe('1.00000000');
    expect(dexnetPerUsdt('0.00000001')).toBe('100000000.00000000');
  });
});
