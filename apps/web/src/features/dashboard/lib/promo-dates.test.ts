import { describe, expect, it } from 'vitest';
import { utcDay } from './promo-dates';

describe('utcDay', () => {
  it('writes the UTC day of a window edge as DD.MM.YYYY, whatever the reader’s time zone', () => {
    expect(utcDay('2026-07-02T00:00:00.000Z')).toBe('02.07.2026');
    expect(utcDay('2026-11-02T00:00:00.000Z')).toBe('02.11.2026');
  });
});
