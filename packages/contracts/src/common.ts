import { z } from 'zod';
import { formatMessage, MESSAGES } from './messages';

/** 401/403/404/409/429/503 answers (api.md). */
export const ZDetail = z.object({ detail: z.string() });

/** 400 answers: messages per field, `non_field_errors` for the request as a whole. */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));

export const PAGE_SIZE = 20;

/** The highest page number a list answers: beyond it a request is refused, not run. */
export const MAX_PAGE = 1_000_000;

/** `page=N`, from 1 to MAX_PAGE. */
export const zPageNumber = z.coerce
  .number({ error: formatMessage(MESSAGES.pageOutOfRange, { max: MAX_PAGE }) })
  .int({ error: formatMessage(MESSAGES.pageOutOfRange, { max: MAX_PAGE }) })
  .min(1, { error: formatMessage(MESSAGES.pageOutOfRange, { max: MAX_PAGE }) })
  .max(MAX_PAGE, { error: formatMessage(MESSAGES.pageOutOfRange, { max: MAX_PAGE }) })
  .default(1);

/** `?page=N`, from 1. */
export const ZPageQuery = z.object({ page: zPageNumber });

/** A row id in a path or a body: a positive 32-bit integer, as the database keeps it. */
export const zId = z.coerce
  .number({ error: MESSAGES.invalidValue })
  .int({ error: MESSAGES.invalidValue })
  .min(1, { error: MESSAGES.invalidValue })
  .max(2_147_483_647, { error: MESSAGES.invalidValue });

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
