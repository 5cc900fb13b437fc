/**
 * The task grid's rows (decisions D56, D63; docs/api/grid.md): filters, sorting, grouping counts and
 * paging run here, over the tasks on the caller's own lists, never over the table.
 *
 * Views read page by page (D63): no grouping, sorted by creation newest first (the default), filters
 * only on the list entries' own columns. The entries' newest-first index (gsi2 `UTASKS#<userId>`) is
 * in that order already, so a page is one page-sized Query from where the last one stopped (the
 * answer's `next` cursor; lib/list-pages.ts readPage), then one BatchGetItem of the page's tasks and
 * groups and one of their custom values. `count` is a lower bound until the reads reach the end.
 *
 * Every other view reads the whole list, bounded and compact:
 * 1. The caller's list entries, newest first: Queries of gsi2 projected to the attributes the grid
 *    uses, at most MAX_GRID_TASKS entries (`truncated` says when more exist).
 * 2. Their groups' titles: one BatchGetItem of the distinct groups.
 * 3. When every filter, sort and grouping column is a copy on the entry ("cheap": title, status,
 *    priority group, group, mode, created, completed), the list is filtered and ordered from the
 *    entries alone and only the page's tasks are read. Otherwise the remaining tasks are read
 *    (BatchGetItem, 100 a request) projected to the attributes of the columns used and, for
 *    custom-field columns, their definitions and values.
 * 4. The page's rows in full, with their custom-field values (one BatchGetItem for the page).
 */
import { isCheapColumn, isCustomColumn } from '@tandem/shared/grid/columns';
import { gridComparator, groupKey, matchesFilter } from '@tandem/shared/grid/evaluate';
import type { GridRow, GridRowsAnswer, GridRowsQuery, GridValue } from '@tandem/shared/grid/schemas';
import { getItems, item } from '../../db/batch-get.ts';
import { TASK_VALUE_KEY } from '../../db/custom-field-keys.ts';
import { CustomFieldDefinitionEntity, CustomValueEntity } from '../../db/entities/custom-field.ts';
import { GroupEntity } from '../../db/entities/group.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import type { Actor } from '../../lib/actor.ts';
import { readPage } from '../../lib/list-pages.ts';
import type { GroupRecord } from '../access/roster.ts';
import { type PlacementRecord, roleOn, type TaskRecord } from '../access/task-access.ts';

/** The most list entries one grid answer reads (D56): a person's 5,000 newest tasks. */
export const MAX_GRID_TASKS = 5000;
const QUERY_PAGE = 1000;

type Values = Record<string, GridValue>;
interface Candidate {
  id: string;
  placement: PlacementRecord;
  values: Values;
}

/** What the whole-list path reads of an entry: the cheap columns and what decides it is listed. */
const ENTRY_ATTRIBUTES = [
  'userId',
  'taskId',
  'dismissed',
  'mode',
  'groupId',
  'status',
  'priorityGroup',
  'titleLower',
  'createdAt',
  'completionAt',
] as const;

async function readPlacements(userId: string) {
  const out: PlacementRecord[] = [];
  let cursor: string | null = null;
  let truncated = false;
  do {
    const r = (await PlacementEntity.query
      .byUserNewest({ userId })
      .go({ limit: QUERY_PAGE, order: 'desc', cursor, attributes: ENTRY_ATTRIBUTES })) as {
      data: PlacementRecord[];
      cursor: string | null;
    };
    out.push(...r.data);
    cursor = r.cursor;
    if (out.length >= MAX_GRID_TASKS) {
      truncated = cursor !== null || out.length > MAX_GRID_TASKS;
      break;
    }
  } while (cursor);
  return { placements: out.slice(0, MAX_GRID_TASKS), truncated };
}

/** The values a list entry carries itself (title in lower case: filters and order ignore case). */
const cheapValues = (p: PlacementRecord, groups: Map<string, GroupRecord>): Values => ({
  title: p.titleLower,
  status: p.status,
  priorityGroup: p.priorityGroup,
  group: groups.get(p.groupId)?.title ?? '',
  mode: p.mode,
  createdAt: p.createdAt,
  completionAt: p.completionAt ?? null,
});

/** Every fixed column's value for a task. */
function taskValues(
  t: TaskRecord,
  p: PlacementRecord,
  groups: Map<string, GroupRecord>,
  parents: Map<string, string>,
): Values {
  const assignees = Object.values(t.assignees ?? {}) as Array<{ userId: string; name: string }>;
  const schedule = t.schedule as { recurRule?: string | null } | undefined;
  return {
    title: t.title,
    status: t.status,
    priorityGroup: p.priorityGroup,
    dueAt: t.dueAt ?? null,
    group: groups.get(t.groupId)?.title ?? '',
    mode: t.mode,
    level: t.level,
    urgent: t.flag === 1,
    recurring: Boolean(schedule?.recurRule),
    owner: t.creatorName,
    assignedTo: assignees.map((a) => a.name).join(', '),
    manager: t.managerId
      ? (assignees.find((a) => a.userId === t.managerId)?.name ??
        (t.managerId === t.createdBy ? t.creatorName : ''))
      : null,
    parent: t.parentId ? (parents.get(t.parentId) ?? '') : null,
    children: t.childCount ?? 0,
    description: t.description,
    delegationType: t.delegationType,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt ?? t.createdAt,
    activatedAt: t.activatedAt ?? null,
    completionAt: t.completionAt ?? null,
  };
}

type TaskAttribute = keyof TaskRecord & string;

/** The task attributes each fixed column's value is made of (taskValues), for projected reads. */
const COLUMN_ATTRIBUTES: Record<string, readonly TaskAttribute[]> = {
  title: ['title'],
  status: ['status'],
  dueAt: ['dueAt'],
  group: ['groupId'],
  mode: ['mode'],
  level: ['level'],
  urgent: ['flag'],
  recurring: ['schedule'],
  owner: ['creatorName'],
  assignedTo: ['assignees'],
  manager: ['managerId', 'assignees', 'createdBy', 'creatorName'],
  parent: ['parentId'],
  children: ['childCount'],
  description: ['description'],
  delegationType: ['delegationType'],
  createdAt: ['createdAt'],
  updatedAt: ['updatedAt', 'createdAt'],
  activatedAt: ['activatedAt'],
  completionAt: ['completionAt'],
};

/** The attributes a whole-list read of tasks needs for these columns (a custom column: the definition's id). */
export function taskAttributesFor(columns: readonly string[]): TaskAttribute[] {
  const out = new Set<TaskAttribute>(['taskId', 'groupId']);
  for (const c of columns) {
    if (isCustomColumn(c)) out.add('routineTaskId');
    for (const a of COLUMN_ATTRIBUTES[c] ?? []) out.add(a);
  }
  return [...out];
}

/** Tasks by id: whole, or projected to `attributes` (the whole-list path reads only what it uses). */
async function readTasks(ids: string[], attributes?: TaskAttribute[]): Promise<Map<string, TaskRecord>> {
  if (ids.length === 0) return new Map();
  const tasks = (
    await TaskEntity.get(ids.map((taskId) => ({ taskId }))).go({
      concurrency: 4,
      ...(attributes ? { attributes } : {}),
    })
  ).data;
  return new Map(tasks.map((t) => [t.taskId, t]));
}

async function readGroups(ids: string[]): Promise<Map<string, GroupRecord>> {
  if (ids.length === 0) return new Map();
  const groups = (await GroupEntity.get(ids.map((groupId) => ({ groupId }))).go({ concurrency: 4 })).data;
  return new Map(groups.map((g) => [g.groupId, g]));
}

interface CustomField {
  id: string;
  label: string;
  type: string;
}

/**
 * The custom fields and the caller's values of the tasks: a routine instance reads its definition's
 * fields; a value is the task's own or, per person, the caller's.
 */
async function readCustom(tasks: TaskRecord[], userId: string) {
  const defOf = (t: TaskRecord) => t.routineTaskId ?? t.taskId;
  const requests = tasks.flatMap((t) => [
    item<{ fields: CustomField[] }>(CustomFieldDefinitionEntity, { taskId: defOf(t) }),
    item<{ values: Record<string, string> }>(CustomValueEntity, {
      taskId: t.taskId,
      userKey: TASK_VALUE_KEY,
    }),
    item<{ values: Record<string, string> }>(CustomValueEntity, { taskId: t.taskId, userKey: userId }),
  ]);
  const found = requests.length ? await getItems(requests) : [];
  const fields = new Map<string, CustomField>();
  const values = new Map<string, Values>();
  tasks.forEach((t, i) => {
    const def = found[i * 3] as { fields: CustomField[] } | null;
    if (!def) return;
    const own = {
      ...((found[i * 3 + 1] as { values?: Record<string, string> } | null)?.values ?? {}),
      ...((found[i * 3 + 2] as { values?: Record<string, string> } | null)?.values ?? {}),
    };
    const v: Values = {};
    for (const f of def.fields) {
      if (!fields.has(f.id)) fields.set(f.id, { id: f.id, label: f.label, type: f.type });
      const raw = own[f.id];
      v[`cf:${f.id}`] = raw === undefined || raw === '' ? null : f.type === 'number' ? Number(raw) : raw;
    }
    values.set(t.taskId, v);
  });
  return { fields, values };
}

async function parentTitles(tasks: TaskRecord[], known: Map<string, TaskRecord>) {
  const titles = new Map<string, string>();
  const missing: string[] = [];
  for (const t of tasks) {
    if (!t.parentId) continue;
    const p = known.get(t.parentId);
    if (p) titles.set(p.taskId, p.title);
    else missing.push(t.parentId);
  }
  for (const [id, p] of await readTasks([...new Set(missing)])) titles.set(id, p.title);
  return titles;
}

/** A view whose order is the entries' index order and whose filters the entries answer: read page by page. */
export function readsByPage(q: GridRowsQuery): boolean {
  const [sort, ...more] = q.sorting;
  return (
    q.grouping.length === 0 &&
    more.length === 0 &&
    sort?.columnName === 'createdAt' &&
    sort.direction === 'desc' &&
    q.filters.every((f) => isCheapColumn(f.column))
  );
}

const listed = (p: PlacementRecord) => !p.dismissed && p.mode !== 'template';

/**
 * The page's rows in full: the tasks and groups not read yet (one BatchGetItem), the parents' titles,
 * the custom values; a task the caller can no longer see is left out.
 */
async function fullRows(
  actor: Actor,
  page: ReadonlyArray<{ id: string; placement: PlacementRecord }>,
  groups: Map<string, GroupRecord>,
  tasks: Map<string, TaskRecord>,
) {
  const missingTasks = page.filter((c) => !tasks.has(c.id)).map((c) => c.id);
  const missingGroups = [...new Set(page.map((c) => c.placement.groupId))].filter((g) => !groups.has(g));
  if (missingTasks.length || missingGroups.length) {
    const found = await getItems([
      ...missingTasks.map((taskId) => item<TaskRecord>(TaskEntity, { taskId })),
      ...missingGroups.map((groupId) => item<GroupRecord>(GroupEntity, { groupId })),
    ]);
    for (const x of found as Array<TaskRecord | GroupRecord | null>) {
      if (x && 'taskId' in x) tasks.set(x.taskId, x);
      else if (x) groups.set(x.groupId, x);
    }
  }
  // A task's own group (the entry's copy could lag a move).
  const late = page.flatMap((c) => {
    const g = tasks.get(c.id)?.groupId;
    return g && !groups.has(g) ? [g] : [];
  });
  for (const [id, g] of await readGroups([...new Set(late)])) groups.set(id, g);
  const pageTasks = page.flatMap((c) => tasks.get(c.id) ?? []);
  const parents = await parentTitles(pageTasks, tasks);
  const pageCustom = await readCustom(pageTasks, actor.userId);
  const results: GridRow[] = page.flatMap((c) => {
    const t = tasks.get(c.id);
    if (!t) return [];
    if (roleOn(t, groups.get(t.groupId) ?? null, actor) === null) return [];
    return [
      {
        id: c.id,
        version: t.version ?? null,
        values: { ...taskValues(t, c.placement, groups, parents), ...(pageCustom.values.get(c.id) ?? {}) },
      },
    ];
  });
  const customColumns = [...pageCustom.fields.values()].map((f) => ({
    name: `cf:${f.id}`,
    label: f.label,
    type: f.type,
  }));
  return { results, customColumns };
}

const GSI2_KEYS = ['pk', 'sk', 'gsi2pk', 'gsi2sk'] as const;

/** A view read page by page (readsByPage): one page-sized Query from the cursor, then the page's rows. */
async function pagedRows(actor: Actor, q: GridRowsQuery): Promise<GridRowsAnswer> {
  const groups = new Map<string, GroupRecord>();
  const byGroup = q.filters.some((f) => f.column === 'group');
  const keep = async (batch: PlacementRecord[]) => {
    const shown = batch.filter(listed);
    if (!q.filters.length) return shown;
    if (byGroup) {
      const missing = [...new Set(shown.map((p) => p.groupId))].filter((g) => !groups.has(g));
      for (const [id, g] of await readGroups(missing)) groups.set(id, g);
    }
    return shown.filter((p) => {
      const values = cheapValues(p, groups);
      return q.filters.every((f) => matchesFilter(values[f.column] ?? null, f));
    });
  };
  const read = await readPage<PlacementRecord>(
    {
      partition: `UTASKS#${actor.userId}`,
      keyFields: GSI2_KEYS,
      query: (limit, cursor) =>
        PlacementEntity.query
          .byUserNewest({ userId: actor.userId })
          .go({ limit, cursor, order: 'desc', data: 'includeKeys' }) as unknown as Promise<{
          data: PlacementRecord[];
          cursor: string | null;
        }>,
      keep,
    },
    { size: q.pageSize, cursor: q.cursor, page: q.page },
  );
  const { results, customColumns } = await fullRows(
    actor,
    read.items.map((p) => ({ id: p.taskId, placement: p })),
    groups,
    new Map(),
  );
  return {
    count: read.count,
    next: read.next,
    page: q.page,
    pageSize: q.pageSize,
    results,
    groups: [],
    customColumns,
    truncated: false,
  };
}

export async function queryGridRows(actor: Actor, q: GridRowsQuery): Promise<GridRowsAnswer> {
  return readsByPage(q) ? pagedRows(actor, q) : wholeListRows(actor, q);
}

/** Any other view: the whole list (bounded by MAX_GRID_TASKS), read compact, filtered, ordered, paged here. */
async function wholeListRows(actor: Actor, q: GridRowsQuery): Promise<GridRowsAnswer> {
  const { placements, truncated } = await readPlacements(actor.userId);
  const shown = placements.filter(listed);
  const groups = await readGroups([...new Set(shown.map((p) => p.groupId))]);
  const used = [
    ...q.filters.map((f) => f.column),
    ...q.sorting.map((s) => s.columnName),
    ...q.grouping.map((g) => g.columnName),
  ];
  const cheapOnly = used.every(isCheapColumn);
  const usesCustom = used.some(isCustomColumn);

  let candidates: Candidate[] = shown.map((p) => ({
    id: p.taskId,
    placement: p,
    values: cheapValues(p, groups),
  }));
  if (!cheapOnly) {
    // Filters the entries can answer first, so fewer tasks are read; then only the columns used.
    const cheapFilters = q.filters.filter((f) => isCheapColumn(f.column));
    candidates = candidates.filter((c) =>
      cheapFilters.every((f) => matchesFilter(c.values[f.column] ?? null, f)),
    );
    const tasks = await readTasks(
      candidates.map((c) => c.id),
      taskAttributesFor(used),
    );
    const parents = used.includes('parent') ? await parentTitles([...tasks.values()], new Map()) : new Map();
    const custom = usesCustom ? await readCustom([...tasks.values()], actor.userId) : null;
    candidates = candidates.flatMap((c) => {
      const t = tasks.get(c.id);
      if (!t) return [];
      return [
        {
          ...c,
          values: { ...taskValues(t, c.placement, groups, parents), ...(custom?.values.get(c.id) ?? {}) },
        },
      ];
    });
  }
  const kept = candidates.filter((c) => q.filters.every((f) => matchesFilter(c.values[f.column] ?? null, f)));
  kept.sort(gridComparator(q.sorting, q.grouping));

  const start = (q.page - 1) * q.pageSize;
  const page = kept.slice(start, start + q.pageSize);

  // Counts of every group (at each depth) that shows on the page, over the whole filtered list.
  const groupCounts: GridRowsAnswer['groups'] = [];
  if (q.grouping.length) {
    const counts = new Map<string, number>();
    for (const c of kept)
      for (let d = 1; d <= q.grouping.length; d++) {
        const k = JSON.stringify(groupKey(c.values, q.grouping, d));
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    const seen = new Set<string>();
    for (const c of page)
      for (let d = 1; d <= q.grouping.length; d++) {
        const key = groupKey(c.values, q.grouping, d);
        const k = JSON.stringify(key);
        if (seen.has(k)) continue;
        seen.add(k);
        groupCounts.push({ key, count: counts.get(k) ?? 0 });
      }
  }

  // The page's rows in full (the projected reads above are not rows): their tasks, parents, custom values.
  const { results, customColumns } = await fullRows(actor, page, groups, new Map());
  return {
    count: kept.length,
    next: null,
    page: q.page,
    pageSize: q.pageSize,
    results,
    groups: groupCounts,
    customColumns,
    truncated,
  };
}
