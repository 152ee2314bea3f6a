import type { FastifyRequest } from 'fastify';

/**
 * A page as api.md shapes it: `next` and `previous` are the request's own path and query with
 * `page` changed, or null.
 */
export function pageOf<T>(
  request: FastifyRequest,
  page: number,
  pageSize: number,
  count: number,
  results: T[],
) {
  const url = new URL(request.url, 'http://localhost');
  const link = (target: number) => {
    url.searchParams.set('page', String(target));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  const last = Math.max(1, Math.ceil(count / pageSize));
  return {
    count,
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
    current: page,
    results,
  };
}
