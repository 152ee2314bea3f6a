import { describe, expect, test } from 'vitest';
import { lowestRunning } from '../../src/modules/compensation/events';

const EPOCH = 1n << 32n;

describe("the fold's horizon: the lowest transaction still running (docs/compensation.md)", () => {
  test('the lowest running id below xmax, else xmax', () => {
    expect(lowestRunning(1000n, [])).toBe(1000n);
    expect(lowestRunning(1000n, ['990', '995', '980'])).toBe(980n);
  });

  test('an id taken after the snapshot (at or above xmax) does not lower it', () => {
    // 8 buyers at once take ids all the time: one taken between the snapshot and the read of the
    // running transactions used to be read as an id of the epoch before, and nothing was folded.
    expect(lowestRunning(418_275n, ['418283', '418278'])).toBe(418_275n);
    expect(lowestRunning(418_275n, ['418283', '418270'])).toBe(418_270n);
    expect(lowestRunning(5n * EPOCH + 100n, ['100', '120'])).toBe(5n * EPOCH + 100n);
  });

  test('across a wraparound: an id of the epoch before, or of the next one', () => {
    // xmax just past the wrap: a running id near the end of the epoch before.
    expect(lowestRunning(3n * EPOCH + 5n, ['4294967290', '3'])).toBe(2n * EPOCH + 4_294_967_290n);
    // xmax just before the wrap: an id taken after the snapshot is of the next epoch.
    expect(lowestRunning(3n * EPOCH - 3n, ['2', '4294967290'])).toBe(3n * EPOCH - 6n);
  });
});
