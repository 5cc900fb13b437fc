/**
 * Lists answered one page at a time (issue 10, target 1; decisions D28): a list reads its key from
 * where the last page stopped, never the whole partition. A page is filled from at most
 * `MAX_PAGE_REQUESTS` Queries; items a key cannot select (dismissed, another mode, the header's
 * selection…) are dropped on the way, so a page may come back short with a `next` cursor.
 *
 * The cursor is opaque to clients: the DynamoDB key of the last item handed out, the number of items
 * before it (for `count`) and the key's partition, checked so that a cursor cannot be replayed on
 * another list.
 */
import { ValidationError } from './errors.ts';

/** Queries spent on one page at most: what a request costs does not grow with the partition. */
export const MAX_PAGE_REQUESTS = 4;
/** The most items one Query reads. */
const MAX_QUERY_LIMIT = 400;
/**
 * The fewest: a small list is read whole by the first Query, so its `count` is exact and no empty
 * last page is offered; a long one still costs one bounded read.
 */
const MIN_QUERY_LIMIT = 50;

export type RawKeys = Record<string, string | number>;

interface Cursor {
  /** The partition the cursor belongs to. */
  p: string;
  /** The last handed-out item's key (the ExclusiveStartKey of the next page). */
  k: RawKeys;
  /** Items handed out before the next page. */
  o: number;
}

const CURSOR_ERROR = 'This list link is out of date. Reload the list.';

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, partition: string): Cursor {
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw new ValidationError({ cursor: CURSOR_ERROR });
  }
  const validKeys =
    c !== null &&
    typeof c === 'object' &&
    c.k !== null &&
    typeof c.k === 'object' &&
    Object.values(c.k).every((v) => typeof v === 'string' || typeof v === 'number');
  if (!validKeys || c.p !== partition || !Number.isInteger(c.o) || c.o < 0) {
    throw new ValidationError({ cursor: CURSOR_ERROR });
  }
  return c;
}

/** ElectroDB's own cursor is the base64url JSON of the ExclusiveStartKey. */
export const electroCursor = (k: RawKeys) => Buffer.from(JSON.stringify(k), 'utf8').toString('base64url');
export const keysOfCursor = (c: string) =>
  JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as RawKeys;

export interface PageSource<R> {
  /** Names the list (user and index partition): a cursor is only valid for the list that made it. */
  partition: string;
  /** The key attributes of the index read (table keys and index keys). */
  keyFields: readonly string[];
  /** One Query: up to `limit` items from `cursor` (ElectroDB's cursor), items with their keys. */
  query: (limit: number, cursor: string | null) => Promise<{ data: R[]; cursor: string | null }>;
  /** The items of one Query that belong on the list, in the same order (may read more, bounded). */
  keep: (batch: R[]) => Promise<R[]> | R[];
}

export interface PageRequest {
  size: number;
  /** The opaque cursor of the previous answer's `next`. */
  cursor?: string | undefined;
  /** Without a cursor: a page number (1-based), walked from the start (cost grows with the number). */
  page?: number | undefined;
}

export interface CursorPage<R> {
  items: R[];
  /** Items handed out before this page. */
  offset: number;
  /** The cursor of the next page, or null at the end. */
  next: string | null;
  /**
   * The list's length when this answer's reads reached its end (always so for a list that fits in
   * them); otherwise the items up to and seen after this page plus one: a lower bound that still
   * tells more exist.
   */
  count: number;
}

/** Items of a list from a cursor (or page number), reading only what the page needs. */
export async function readPage<R extends object>(
  src: PageSource<R>,
  req: PageRequest,
): Promise<CursorPage<R>> {
  const start = req.cursor ? decodeCursor(req.cursor, src.partition) : null;
  const skip = start ? 0 : Math.max(0, ((req.page ?? 1) - 1) * req.size);
  const want = skip + req.size;
  const requests = MAX_PAGE_REQUESTS * Math.ceil(want / req.size);
  const keysOf = (item: R): RawKeys =>
    Object.fromEntries(src.keyFields.map((f) => [f, (item as Record<string, string | number>)[f]!]));

  const taken: R[] = [];
  let from: string | null = start ? electroCursor(start.k) : null;
  let lastKey: RawKeys | null = start?.k ?? null;
  let more = true;
  // Items of the list seen in this answer's reads, the page's and any after it (for `count`).
  let listed = 0;
  let ended = false;
  for (let i = 0; i < requests && taken.length < want && more; i++) {
    // Ask for a little more than the page needs; ask for more each time the filters drop items.
    const limit = Math.min(MAX_QUERY_LIMIT, Math.max(MIN_QUERY_LIMIT, (want - taken.length + 1) * 2 ** i));
    const { data, cursor } = await src.query(limit, from);
    const kept = new Set(await src.keep(data));
    listed += kept.size;
    ended = cursor === null;
    // The batch's items up to the one that fills the page.
    let upTo = data.length;
    let full = false;
    let n = taken.length;
    for (const [j, item] of data.entries()) {
      if (kept.has(item) && ++n === want) {
        upTo = j + 1;
        full = true;
        break;
      }
    }
    for (const item of data.slice(0, upTo)) if (kept.has(item)) taken.push(item);
    // Where the next page starts: after the item that filled this one, or where the Query stopped
    // (past items a filter on the Query dropped).
    if (upTo < data.length || (full && cursor === null)) lastKey = keysOf(data[upTo - 1]!);
    else if (cursor !== null) lastKey = keysOfCursor(cursor);
    // More after the page: kept items left in this batch, or more to read.
    more = data.slice(upTo).some((x) => kept.has(x)) || cursor !== null;
    from = cursor;
  }
  const items = taken.slice(skip);
  const offset = (start?.o ?? 0) + skip;
  const next =
    more && lastKey ? encodeCursor({ p: src.partition, k: lastKey, o: offset + items.length }) : null;
  // Exact when the reads reached the list's end; otherwise what was seen plus one, a lower bound.
  const count = (start?.o ?? 0) + listed + (ended ? 0 : 1);
  return {
    items,
    offset,
    next,
    count: next ? Math.max(count, offset + items.length + 1) : offset + items.length,
  };
}

/** `count` without reading the whole list (decisions D28): see CursorPage.count. */
export const countOf = (p: CursorPage<unknown>) => p.count;
