import { describe, expect, test } from 'vitest';
import { descend, formatTrail, parseTrail, up } from './trail';

describe('the way down the binary tree', () => {
  test('reads the address bar and refuses anything that is not a list of ids', () => {
    expect(parseTrail('12.40.77')).toEqual([12, 40, 77]);
    expect(parseTrail(null)).toEqual([]);
    expect(parseTrail('12.x')).toEqual([]);
    expect(parseTrail('0')).toEqual([]);
    expect(parseTrail('3000000000')).toEqual([]);
    expect(formatTrail([12, 40])).toBe('12.40');
  });

  test('a node steps down, a node already on the way goes back to it, the partner themselves clears it', () => {
    expect(descend([12], 40, 1)).toEqual([12, 40]);
    expect(descend([12, 40, 77], 12, 1)).toEqual([12]);
    expect(descend([12, 40], 1, 1)).toEqual([]);
    expect(up([12, 40])).toEqual([12]);
    expect(up([])).toEqual([]);
  });
});
