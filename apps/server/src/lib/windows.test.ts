import { describe, expect, it } from 'vitest';
import { isWithin, occurrence, parseWindow, type TWindowSpec } from './windows';

const spec = (text: string): TWindowSpec => {
  const parsed = parseWindow(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};
const at = (iso: string) => new Date(iso);
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

/** A millisecond before the start, the start, a millisecond before the end, the end. */
function edges(window: TWindowSpec, start: string, end: string) {
  const s = at(start);
  const e = at(end);
  return [ms(s, -1), s, ms(e, -1), e].map((now) => isWithin(occurrence(window, now), now));
}

describe('parseWindow', () => {
  it('reads yearly windows, one-off windows and off', () => {
    expect(spec('11-27T15:00/11-30T00:00')).toEqual({
      kind: 'yearly',
      start: { month: 11, day: 27, hour: 15, minute: 0 },
      end: { month: 11, day: 30, hour: 0, minute: 0 },
    });
    expect(spec('2026-11-24T00:00:00Z/2026-11-25T00:00:00.000Z')).toEqual({
      kind: 'once',
      start: at('2026-11-24T00:00:00Z'),
      end: at('2026-11-25T00:00:00Z'),
    });
    expect(spec(' off ')).toEqual({ kind: 'off' });
  });

  it.each([
    ['', 'expected start/end, or off'],
    ['11-27T15:00', 'expected start/end, or off'],
    ['02-29T00:00/03-01T00:00', 'expected MM-DDTHH:MM/MM-DDTHH:MM (UTC, every year) or two ISO instants'],
    ['13-01T00:00/01-02T00:00', 'expected MM-DDTHH:MM/MM-DDTHH:MM (UTC, every year) or two ISO instants'],
    ['11-27T24:00/11-30T00:00', 'expected MM-DDTHH:MM/MM-DDTHH:MM (UTC, every year) or two ISO instants'],
    ['11-27T15:00/11-27T15:00', 'the end must differ from the start'],
    ['2026-11-25T00:00:00Z/2026-11-24T00:00:00Z', 'the end must be after the start'],
    ['2026-11-24/2026-11-25', 'expected MM-DDTHH:MM/MM-DDTHH:MM (UTC, every year) or two ISO instants'],
  ])('refuses %j', (text, message) => {
    expect(parseWindow(text)).toBe(message);
  });
});

describe('windows at their edges (start inclusive, end exclusive, UTC)', () => {
  const blackFriday = spec('11-27T15:00/11-30T00:00');
  const maintenance = spec('03-08T00:00/03-11T00:00');

  it('Black Friday: 15:00 27 November to 00:00 30 November, every year', () => {
    expect(edges(blackFriday, '2026-11-27T15:00:00Z', '2026-11-30T00:00:00Z')).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(edges(blackFriday, '2031-11-27T15:00:00Z', '2031-11-30T00:00:00Z')).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('maintenance: 8 to 10 March, the 10th included', () => {
    expect(edges(maintenance, '2027-03-08T00:00:00Z', '2027-03-11T00:00:00Z')).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // A leap year moves nothing: the window is by date.
    expect(edges(maintenance, '2028-03-08T00:00:00Z', '2028-03-11T00:00:00Z')).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('a one-off window', () => {
    const once = spec('2026-07-02T00:00:00Z/2026-11-02T00:00:00Z');
    expect(edges(once, '2026-07-02T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([false, true, true, false]);
  });

  it('a yearly window over the new year', () => {
    const newYear = spec('12-31T18:00/01-02T00:00');
    expect(edges(newYear, '2026-12-31T18:00:00Z', '2027-01-02T00:00:00Z')).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // On 1 January it is the window that started the year before.
    expect(occurrence(newYear, at('2027-01-01T12:00:00Z'))).toEqual({
      start: at('2026-12-31T18:00:00Z'),
      end: at('2027-01-02T00:00:00Z'),
    });
  });

  it('the occurrence is the running one, else the next one', () => {
    expect(occurrence(blackFriday, at('2026-11-24T02:00:00Z'))).toEqual({
      start: at('2026-11-27T15:00:00Z'),
      end: at('2026-11-30T00:00:00Z'),
    });
    expect(occurrence(blackFriday, at('2026-11-29T23:59:59.999Z'))?.start).toEqual(
      at('2026-11-27T15:00:00Z'),
    );
    // From the end on, next year's.
    expect(occurrence(blackFriday, at('2026-11-30T00:00:00Z'))).toEqual({
      start: at('2027-11-27T15:00:00Z'),
      end: at('2027-11-30T00:00:00Z'),
    });
    expect(occurrence(spec('off'), at('2026-11-28T00:00:00Z'))).toBeNull();
    expect(isWithin(null, at('2026-11-28T00:00:00Z'))).toBe(false);
  });
});
