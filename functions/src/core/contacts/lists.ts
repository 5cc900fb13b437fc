/**
 * The lists of contacts and companies (spec 001 §9: pages of 50, ordered by first name / name
 * ascending unless asked otherwise). Each group's list is a Query on the key of the ordering asked
 * (db/entities/contact-list.ts): by creation on the table's key, by first name or company name on
 * gsi1, by last name on gsi2. One group: the page is read where the last one stopped (the `next`
 * link's cursor) or walked to by number. Several groups (decisions D63): each group's list is read
 * from after the last item the previous page gave (the cursor holds that item's sort-key values: the
 * sort keys are unique per item and the same in every group, so one position serves every group),
 * page size + 1 items each, and merged in order — the cost of a page does not grow with its number.
 * A page asked by number without a cursor walks: page×size keys from each group (D54).
 */
import { createHash } from 'node:crypto';
import { ContactListEntity } from '../../db/entities/contact-list.ts';
import { countOf, decodeCursor, encodeCursor, readPage } from '../../lib/list-pages.ts';
import type { Kind } from './store.ts';

interface ListQuery {
  page: number;
  pageSize: number;
  cursor?: string | undefined;
  ordering: { field: string; descending: boolean };
  /** The groups asked for (none: all the caller's): the `next` link names them again. */
  group?: readonly string[] | undefined;
}

type Row = { itemId: string } & Record<string, string>;

/** The index of an ordering: its sort-key field and the attributes the sort key is made of. */
const indexOf = (field: string) =>
  field === 'createdAt'
    ? ({ name: 'byCreated', sort: 'sk', keys: ['pk', 'sk'], composite: ['createdAt', 'itemId'] } as const)
    : field === 'lastName'
      ? ({
          name: 'byName2',
          sort: 'gsi2sk',
          keys: ['pk', 'sk', 'gsi2pk', 'gsi2sk'],
          composite: ['name2', 'itemId'],
        } as const)
      : ({
          name: 'byName1',
          sort: 'gsi1sk',
          keys: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
          composite: ['name1', 'itemId'],
        } as const);

type After = Record<string, string>;
type Go = (opts: object) => Promise<unknown>;
/** The three indexes' query builders, as far as this reads them: a range on the sort key, then go. */
type Ranged = { go: Go; gt(v: After): { go: Go }; lt(v: After): { go: Go } };

/** One Query of a group's list in the ordering asked: from ElectroDB's cursor, or after an item's sort key. */
function queryOf(kind: Kind, groupId: string, q: ListQuery, after?: After) {
  const ix = indexOf(q.ordering.field);
  return (limit: number, cursor: string | null) => {
    const opts = {
      limit,
      cursor,
      order: q.ordering.descending ? 'desc' : 'asc',
      data: 'includeKeys',
    } as const;
    const key = { groupId, kind };
    const builder = (ix.name === 'byCreated'
      ? ContactListEntity.query.byCreated(key)
      : ix.name === 'byName2'
        ? ContactListEntity.query.byName2(key)
        : ContactListEntity.query.byName1(key)) as unknown as Ranged;
    // Past the item: later in the order asked (lt when read backwards).
    const go = (after ? (q.ordering.descending ? builder.lt(after) : builder.gt(after)) : builder).go(opts);
    return go as unknown as Promise<{ data: Row[]; cursor: string | null }>;
  };
}

/** Names a list of several groups (a cursor is only valid for the list that made it). */
const multiPartition = (kind: Kind, groupIds: readonly string[], q: ListQuery) =>
  `CLISTS#${kind}#${indexOf(q.ordering.field).name}#${q.ordering.descending ? 'd' : 'a'}#${createHash(
    'sha256',
  )
    .update([...groupIds].sort().join(','))
    .digest('base64url')
    .slice(0, 22)}`;

const link = (q: ListQuery, extra: string) =>
  `?${extra}&page_size=${q.pageSize}&ordering=${q.ordering.descending ? '-' : ''}${q.ordering.field}`;

export interface IdPage {
  ids: string[];
  count: number;
  next: string | null;
  previous: string | null;
}

export async function listAcross(kind: Kind, groupIds: readonly string[], q: ListQuery): Promise<IdPage> {
  const ix = indexOf(q.ordering.field);
  if (groupIds.length === 1) {
    const groupId = groupIds[0]!;
    const read = await readPage<Row>(
      {
        partition: `CLIST#${groupId}#${kind}#${ix.name}#${q.ordering.descending ? 'd' : 'a'}`,
        keyFields: ix.keys,
        query: queryOf(kind, groupId, q),
        keep: (batch) => batch,
      },
      { size: q.pageSize, page: q.page, cursor: q.cursor },
    );
    const groupParam = `group=${encodeURIComponent(groupId)}`;
    return {
      ids: read.items.map((r) => r.itemId),
      count: countOf(read),
      next: read.next ? link(q, `cursor=${read.next}&${groupParam}`) : null,
      previous: !q.cursor && q.page > 1 ? link(q, `page=${q.page - 1}&${groupParam}`) : null,
    };
  }
  if (q.cursor) return listAcrossFrom(kind, groupIds, q, q.cursor);
  const want = q.page * q.pageSize;
  const perGroup = await Promise.all(
    groupIds.map(async (groupId) => {
      const query = queryOf(kind, groupId, q);
      const rows: Row[] = [];
      let cursor: string | null = null;
      do {
        const r = await query(Math.min(1000, want + 1 - rows.length), cursor);
        rows.push(...r.data);
        cursor = r.cursor;
      } while (cursor && rows.length <= want);
      return { rows, more: cursor !== null || rows.length > want };
    }),
  );
  const unique = merged(
    perGroup.flatMap((g) => g.rows),
    q,
  );
  const start = (q.page - 1) * q.pageSize;
  const rows = unique.slice(start, start + q.pageSize);
  const ids = rows.map((r) => r.itemId);
  const more = unique.length > start + q.pageSize || perGroup.some((g) => g.more);
  return {
    ids,
    count: more ? Math.max(unique.length, start + ids.length + 1) : unique.length,
    next: more && rows.length ? multiLink(kind, groupIds, q, rows.at(-1)!, start + ids.length) : null,
    previous: q.page > 1 ? link(q, `page=${q.page - 1}${groupsParam(q)}`) : null,
  };
}

const groupsParam = (q: ListQuery) =>
  q.group?.length ? `&group=${q.group.map(encodeURIComponent).join(',')}` : '';

/** The `next` link of a list of several groups: the cursor names the last item given (its sort-key values). */
function multiLink(kind: Kind, groupIds: readonly string[], q: ListQuery, last: Row, offset: number) {
  const ix = indexOf(q.ordering.field);
  const k = Object.fromEntries(ix.composite.map((f) => [f, last[f]!]));
  const cursor = encodeCursor({ p: multiPartition(kind, groupIds, q), k, o: offset });
  return link(q, `cursor=${cursor}${groupsParam(q)}`);
}

/** Merges rows of several groups in the order asked, each item once. */
function merged(rows: Row[], q: ListQuery) {
  const sort = indexOf(q.ordering.field).sort;
  const all = [...rows].sort((a, b) => (a[sort]! < b[sort]! ? -1 : a[sort]! > b[sort]! ? 1 : 0));
  if (q.ordering.descending) all.reverse();
  const seen = new Set<string>();
  return all.filter((r) => {
    if (seen.has(r.itemId)) return false;
    seen.add(r.itemId);
    return true;
  });
}

/**
 * The page of several groups after the cursor's item: one Query of page size + 1 from each group,
 * merged. When every group answered at most a page, each was read to its end, so `more` is exact.
 */
async function listAcrossFrom(kind: Kind, groupIds: readonly string[], q: ListQuery, cursor: string) {
  const c = decodeCursor(cursor, multiPartition(kind, groupIds, q));
  const ix = indexOf(q.ordering.field);
  if (!ix.composite.every((f) => typeof c.k[f] === 'string'))
    return listAcross(kind, groupIds, { ...q, cursor: undefined });
  const after = c.k as After;
  const read = await Promise.all(
    groupIds.map(async (groupId) => (await queryOf(kind, groupId, q, after)(q.pageSize + 1, null)).data),
  );
  const unique = merged(read.flat(), q);
  const rows = unique.slice(0, q.pageSize);
  const more = unique.length > q.pageSize;
  const ids = rows.map((r) => r.itemId);
  return {
    ids,
    count: c.o + (more ? Math.max(unique.length, ids.length + 1) : ids.length),
    next: more ? multiLink(kind, groupIds, q, rows.at(-1)!, c.o + ids.length) : null,
    previous: null,
  };
}
