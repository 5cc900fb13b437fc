/** Lists answer `{ count, next, previous, results }` (ARCHITECTURE §5), never unbounded. */
import * as z from 'zod/mini';

export const pageQuery = (defaultLimit = 20, maxLimit = 100) =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(maxLimit)), defaultLimit),
  });

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * The cursor in a list answer's `next` (`?cursor=…&size=N`): pass it as `cursor` to read the next
 * page. Null at the end, or for a `next` that is a page number (lists still paged in memory).
 */
export function cursorOf(next: string | null): string | null {
  const m = next ? /(?:^|[?&])cursor=([^&]*)/.exec(next) : null;
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** One page of an in-memory list, with next/previous as page numbers in the same query style. */
export function pageOf<T>(all: readonly T[], page: number, limit: number): Page<T> {
  const start = (page - 1) * limit;
  return {
    count: all.length,
    next: start + limit < all.length ? `?page=${page + 1}&limit=${limit}` : null,
    previous: page > 1 ? `?page=${page - 1}&limit=${limit}` : null,
    results: all.slice(start, start + limit),
  };
}
