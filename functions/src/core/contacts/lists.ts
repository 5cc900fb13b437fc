/**
 * The lists of contacts and companies (spec 001 §9: pages of 50, ordered by first name / name
 * ascending unless asked otherwise). Each group's list is a Query on the key of the ordering asked
 * (db/entities/contact-list.ts): by creation on the table's key, by first name or company name on
 * gsi1, by last name on gsi2. One group: the page is read where the last one stopped (the `next`
 * link's cursor) or walked to by number. Several groups: each group's first page×size keys are read
 * and merged in order (bounded by the number of groups, at most the caller's; cost grows with the
 * page number, docs/decisions.md D54).
 */
import { ContactListEntity } from '../../db/entities/contact-list.ts';
import { countOf, readPage } from '../../lib/list-pages.ts';
import type { Kind } from './store.ts';

interface ListQuery {
  page: number;
  pageSize: number;
  cursor?: string | undefined;
  ordering: { field: string; descending: boolean };
}

type Row = { itemId: string } & Record<string, string>;

const indexOf = (field: string) =>
  field === 'createdAt'
    ? ({ name: 'byCreated', sort: 'sk', keys: ['pk', 'sk'] } as const)
    : field === 'lastName'
      ? ({ name: 'byName2', sort: 'gsi2sk', keys: ['pk', 'sk', 'gsi2pk', 'gsi2sk'] } as const)
      : ({ name: 'byName1', sort: 'gsi1sk', keys: ['pk', 'sk', 'gsi1pk', 'gsi1sk'] } as const);

function queryOf(kind: Kind, groupId: string, q: ListQuery) {
  const ix = indexOf(q.ordering.field);
  return (limit: number, cursor: string | null) => {
    const opts = {
      limit,
      cursor,
      order: q.ordering.descending ? 'desc' : 'asc',
      data: 'includeKeys',
    } as const;
    const key = { groupId, kind };
    const go =
      ix.name === 'byCreated'
        ? ContactListEntity.query.byCreated(key).go(opts)
        : ix.name === 'byName2'
          ? ContactListEntity.query.byName2(key).go(opts)
          : ContactListEntity.query.byName1(key).go(opts);
    return go as unknown as Promise<{ data: Row[]; cursor: string | null }>;
  };
}

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
  if (q.cursor) {
    // Cursors belong to one group's list; several groups are paged by number.
    q = { ...q, cursor: undefined };
  }
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
  const sortKey = (r: Row) => r[ix.sort]!;
  const all = perGroup
    .flatMap((g) => g.rows)
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  if (q.ordering.descending) all.reverse();
  const seen = new Set<string>();
  const unique = all.filter((r) => {
    if (seen.has(r.itemId)) return false;
    seen.add(r.itemId);
    return true;
  });
  const start = (q.page - 1) * q.pageSize;
  const ids = unique.slice(start, start + q.pageSize).map((r) => r.itemId);
  const more = unique.length > start + q.pageSize || perGroup.some((g) => g.more);
  return {
    ids,
    count: more ? Math.max(unique.length, start + ids.length + 1) : unique.length,
    next: more ? link(q, `page=${q.page + 1}`) : null,
    previous: q.page > 1 ? link(q, `page=${q.page - 1}`) : null,
  };
}
