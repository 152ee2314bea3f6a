import { describe, expect, it } from 'vitest';
import { periodOf } from './period';

describe('periodOf', () => {
  it('reads a rank reached, a leader pool month and a node income day; anything else as it is', () => {
    expect(periodOf('rank:Silver')).toEqual({ kind: 'rank', rank: 'Silver' });
    expect(periodOf('2026-11')).toEqual({ kind: 'month', month: '2026-11' });
    expect(periodOf('2026-11-23')).toEqual({ kind: 'day', day: '2026-11-23' });
    expect(periodOf('2026-13')).toEqual({ kind: 'other', text: '2026-13' });
  });
});
