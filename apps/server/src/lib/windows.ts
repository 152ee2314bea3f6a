/**
 * Promotion and notice windows (compensation-plan.md section 9), in UTC, start inclusive and end
 * exclusive: [start, end). A window is configured either as a yearly one, `MM-DDTHH:MM/MM-DDTHH:MM`
 * (the Black Friday and maintenance defaults), or once, between two ISO instants
 * (`2026-07-02T00:00:00Z/2026-11-02T00:00:00Z`). A yearly window whose end comes before its start in
 * the calendar runs over the new year. `off` is no window at all.
 */

export type TYearlyPoint = { month: number; day: number; hour: number; minute: number };

export type TWindowSpec =
  | { kind: 'yearly'; start: TYearlyPoint; end: TYearlyPoint }
  | { kind: 'once'; start: Date; end: Date }
  | { kind: 'off' };

/** One occurrence of a window: [start, end). */
export type TOccurrence = { start: Date; end: Date };

const YEARLY = /^(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function yearlyPoint(text: string): TYearlyPoint | null {
  const match = YEARLY.exec(text);
  if (!match) return null;
  const [month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number];
  // A day every year has (so 02-29 is refused) and a time of day (24:00 is written 00:00 of the next day).
  const probe = new Date(Date.UTC(2025, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59) return null;
  return { month, day, hour, minute };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Reads a window setting; an error message (for the configuration's report) when it is not one. */
export function parseWindow(text: string): TWindowSpec | string {
  const trimmed = text.trim();
  if (trimmed === 'off') return { kind: 'off' };
  const parts = trimmed.split('/');
  if (parts.length !== 2) return 'expected start/end, or off';
  const [from, to] = parts as [string, string];
  const start = yearlyPoint(from);
  const end = yearlyPoint(to);
  if (start && end) {
    if (pointOrder(start) === pointOrder(end)) return 'the end must differ from the start';
    return { kind: 'yearly', start, end };
  }
  if (ISO_INSTANT.test(from) && ISO_INSTANT.test(to)) {
    const startAt = new Date(from);
    const endAt = new Date(to);
    if (Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime())) return 'not a valid instant';
    if (endAt <= startAt) return 'the end must be after the start';
    return { kind: 'once', start: startAt, end: endAt };
  }
  return 'expected MM-DDTHH:MM/MM-DDTHH:MM (UTC, every year) or two ISO instants';
}

const pointOrder = (point: TYearlyPoint) =>
  ((point.month * 100 + point.day) * 100 + point.hour) * 100 + point.minute;

const at = (year: number, point: TYearlyPoint) =>
  new Date(Date.UTC(year, point.month - 1, point.day, point.hour, point.minute));

/** The yearly window's occurrence that starts in `year`. */
function occurrenceIn(spec: Extract<TWindowSpec, { kind: 'yearly' }>, year: number): TOccurrence {
  const endYear = pointOrder(spec.end) < pointOrder(spec.start) ? year + 1 : year;
  return { start: at(year, spec.start), end: at(endYear, spec.end) };
}

/**
 * The occurrence that matters at `now`: the one running, else the next one (a yearly window
 * after this year's end is next year's). A one-off window is itself, even once over; off is null.
 */
export function occurrence(spec: TWindowSpec, now: Date): TOccurrence | null {
  switch (spec.kind) {
    case 'off':
      return null;
    case 'once':
      return { start: spec.start, end: spec.end };
    case 'yearly': {
      const year = now.getUTCFullYear();
      // The one that started last year may still run (a window over the new year).
      for (const candidate of [year - 1, year, year + 1]) {
        const found = occurrenceIn(spec, candidate);
        if (now < found.end) return found;
      }
      return occurrenceIn(spec, year + 1);
    }
  }
}

/** Whether `now` is inside [start, end). */
export const isWithin = (window: TOccurrence | null, now: Date): boolean =>
  window !== null && now >= window.start && now < window.end;

/**
 * The occurrence whose results matter at `now`: the one running, else the last one that ended (a
 * promo's final numbers stay until the next starts). A one-off window is itself; off is null.
 */
export function latestOccurrence(spec: TWindowSpec, now: Date): TOccurrence | null {
  if (spec.kind !== 'yearly') return occurrence(spec, now);
  const year = now.getUTCFullYear();
  for (const candidate of [year, year - 1, year - 2]) {
    const found = occurrenceIn(spec, candidate);
    if (found.start <= now) return found;
  }
  return occurrenceIn(spec, year - 2);
}

const two = (value: number) => String(value).padStart(2, '0');
const pointText = (point: TYearlyPoint) =>
  `${two(point.month)}-${two(point.day)}T${two(point.hour)}:${two(point.minute)}`;

/** A window as its setting is written (parseWindow reads it back to the same window). */
export function windowText(spec: TWindowSpec): string {
  switch (spec.kind) {
    case 'off':
      return 'off';
    case 'yearly':
      return `${pointText(spec.start)}/${pointText(spec.end)}`;
    case 'once':
      return `${spec.start.toISOString()}/${spec.end.toISOString()}`;
  }
}
