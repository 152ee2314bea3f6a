import type { TBinaryWhatIfBase } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import { parseVolume, whatIf } from './what-if';

const USDT = 1_000_000n;

/** An Active partner with a 500 tariff (cap 2500) and 1000 waiting on the left leg. */
const BASE: TBinaryWhatIfBase = {
  left_unpaid: '1000.000000',
  right_unpaid: '0.000000',
  paired_total: '0.000000',
  active: true,
  invited_buyers: 2,
  status: 'Active',
  has_window: true,
  cap: '2500.000000',
  earned: '0.000000',
};

describe('what-if on the partner’s real numbers (the engine’s pairBinary and cap rules)', () => {
  test('600 on the right pairs 600 and pays 60, all credited; 400 stays on the left', () => {
    expect(whatIf(BASE, 'right', 600n * USDT)).toEqual({
      paired: '600.000000',
      gross: '60.000000',
      credited: '60.000000',
      capTook: '0.000000',
      lost: '0.000000',
      left: '400.000000',
      right: '0.000000',
      waiting: false,
      mayNotEarn: false,
    });
  });

  test('volume on the leg that is already longer pairs nothing', () => {
    expect(whatIf(BASE, 'left', 600n * USDT)).toMatchObject({
      paired: '0.000000',
      gross: '0.000000',
      left: '1600.000000',
    });
  });

  test('a window with 20 left: 20 credited, the cap takes 40 (lost profit)', () => {
    const result = whatIf({ ...BASE, earned: '2480.000000' }, 'right', 600n * USDT);
    expect(result).toMatchObject({
      gross: '60.000000',
      credited: '20.000000',
      capTook: '40.000000',
      lost: '40.000000',
    });
  });

  test('binary not active yet: the volume waits in the leg, nothing pairs', () => {
    const result = whatIf({ ...BASE, active: false, invited_buyers: 1 }, 'right', 600n * USDT);
    expect(result).toMatchObject({
      paired: '0.000000',
      gross: '0.000000',
      right: '600.000000',
      waiting: true,
    });
  });

  test('no tariff (or a full window): the whole bonus is lost profit, the cap took none of it', () => {
    const none = { ...BASE, status: 'Inactive' as const, has_window: false, cap: '0.000000' };
    expect(whatIf(none, 'right', 600n * USDT)).toMatchObject({
      gross: '60.000000',
      credited: '0.000000',
      capTook: '0.000000',
      lost: '60.000000',
      mayNotEarn: true,
    });
  });

  test('each pairing rounded down on its own, as the server pays (compensation-plan.md section 1)', () => {
    // 10% of 0.000005 is 0.0000005: nothing, whatever was paired before (the remainder stays with the company).
    const dust = { ...BASE, left_unpaid: '0.000005', paired_total: '0.000005' };
    expect(whatIf(dust, 'right', 5n)).toMatchObject({ paired: '0.000005', gross: '0.000000' });
    expect(whatIf({ ...dust, left_unpaid: '0.000015' }, 'right', 15n)).toMatchObject({ gross: '0.000001' });
  });
});

describe('parseVolume', () => {
  test('positive amounts with at most 6 places, up to a billion USDT', () => {
    expect(parseVolume('1500.5')).toBe(1_500_500_000n);
    expect(parseVolume('0.000001')).toBe(1n);
    expect(parseVolume('1000000000')).toBe(1_000_000_000n * USDT);
    for (const text of ['', '0', '-5', 'abc', '1e3', '1.0000001', '1000000000.000001', '12,5']) {
      expect(parseVolume(text), text).toBeNull();
    }
  });
});
