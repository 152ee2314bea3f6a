import { z } from 'zod';
import { formatMessage, MESSAGES } from './messages';

/** 401/403/404/409/429/503 answers (api.md). */
export const ZDetail = z.object({ detail: z.string() });
export type TDetail = z.infer<typeof ZDetail>;

/** 400 answers: messages per field, `non_field_errors` for the request as a whole. */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));

export const PAGE_SIZE = 20;

/**
 * A whole number sent as a number or as digits (a query string, a form): never `true`, `[]` or
 * `""`, which a plain coercion would read as 1 or 0.
 */
export function zWholeNumber(error: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*[0-9]{1,20}\s*$/.test(value) ? Number(value) : value),
    z.number({ error }).int({ error }),
  );
}

/** The highest page number a list answers: beyond it a request is refused, not run. */
export const MAX_PAGE = 1_000_000;

/** `page=N`, from 1 to MAX_PAGE. */
const pageOutOfRange = formatMessage(MESSAGES.pageOutOfRange, { max: MAX_PAGE });
export const zPageNumber = zWholeNumber(pageOutOfRange)
  .pipe(z.number().min(1, { error: pageOutOfRange }).max(MAX_PAGE, { error: pageOutOfRange }))
  .default(1);

/** `?page=N`, from 1. */
export const ZPageQuery = z.object({ page: zPageNumber });
export type TPageQuery = z.infer<typeof ZPageQuery>;

/**
 * The days a date filter (statement, registrations) takes: a day outside them is refused before
 * it reaches a query (PostgreSQL has no year 0, so "0000-01-01" would be a 500).
 */
export const DATE_BOUNDS = { min: '2000-01-01', max: '2999-12-31' } as const;
const dateOutOfRange = formatMessage(MESSAGES.dateOutOfRange, DATE_BOUNDS);
export const zDate = z.iso
  .date({ error: MESSAGES.dateInvalid })
  .refine((day) => day >= DATE_BOUNDS.min && day <= DATE_BOUNDS.max, { error: dateOutOfRange });

/** A row id in a path or a body: a positive 32-bit integer, as the database keeps it. */
export const zId = zWholeNumber(MESSAGES.invalidValue).pipe(
  z.number().min(1, { error: MESSAGES.invalidValue }).max(2_147_483_647, { error: MESSAGES.invalidValue }),
);

/** A page of results (api.md): `next`/`previous` are paths with `?page=N`, or null. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    current: z.number().int(),
    results: z.array(item),
  });
}

export const ZTimestamp = z.string();
export type TTimestamp = z.infer<typeof ZTimestamp>;
