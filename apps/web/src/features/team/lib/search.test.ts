import { describe, expect, test } from 'vitest';
import { isSearchable } from './search';

describe('downline search', () => {
  test('an ID at any length, a name or an email from three characters, spaces aside', () => {
    expect(isSearchable('7')).toBe(true);
    expect(isSearchable(' 42 ')).toBe(true);
    expect(isSearchable('an')).toBe(false);
    expect(isSearchable('  an  ')).toBe(false);
    expect(isSearchable('ann')).toBe(true);
    expect(isSearchable('')).toBe(false);
  });
});
