import { z } from 'zod';

/** 401/403/404/409/429/503 answers (api.md). */
export const ZDetail = z.object({ detail: z.string() });
export type TDetail = z.infer<typeof ZDetail>;

/** 400 answers: messages per field, `non_field_errors` for the request as a whole. */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));

export const PAGE_SIZE = 20;

/** `?page=N`, from 1. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

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
