/**
 * Task import (issue 14 item 7; decisions D60; docs/api/import.md).
 *
 * Preview: the file read and checked in memory (shared/src/import), nothing read or written.
 * Import: the previewed rows checked again (the server trusts no row it is sent), the caller's right
 * to make tasks in the group checked as POST /task checks it, then every task written — all the rows
 * or none when any is invalid. The writes go in transactions of at most 100 items; each carries a
 * marker named by the caller's import key and its part's number, created only if absent, and the
 * task ids are derived from the key and the row, so a retry (the connection dropped, a part failed)
 * writes the parts not yet written and nothing twice. A sub-task's parent (Todoist's INDENT) is a task
 * of the same import: its id is known before anything is written, so parts need no order between
 * them (after the first, which holds the creator's counters) and go a few at a time.
 */
import { createHash } from 'node:crypto';
import {
  applySaveRules,
  CREATOR_ASSIGNEE_ROLE,
  camelToSnakeKey,
  DEFAULT_LEVEL,
  endSortCodes,
  errorCodes,
  sumCounts,
  taskCountDelta,
  todayPlacement,
} from '@tandem/shared';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportFileError,
  type ImportFormat,
  type ImportPreview,
  type ImportResult,
  type ImportTasksInput,
  previewImport,
  validateImportRows,
} from '@tandem/shared/import/import';
/// <reference path="../../db/electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { getItems, item } from '../../db/batch-get.ts';
import { GroupEntity } from '../../db/entities/group.ts';
import { ImportMarkEntity } from '../../db/entities/import-mark.ts';
import { dayWatchKeys } from '../../db/entities/placement.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { entities } from '../../db/service.ts';
import { MAX_TRANSACTION_ITEMS, TransactionCanceledError } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, HttpError, ValidationError } from '../../lib/errors.ts';
import { assertTaskCountsFit, limitFailure, taskCounterWrite } from '../access/limits.ts';
import { avatarIdOf, displayName, type GroupRecord, memberOf } from '../access/roster.ts';
import { counted, requireTaskPermission, type TaskRecord } from '../access/task-access.ts';
import { getUser, type UserRecord } from '../user/user.ts';

/** A marker is kept a week: a retry within it writes nothing twice. */
const MARK_SECONDS = 7 * 24 * 3600;
/** Transactions of one import written at once (after the first). */
const PARALLEL_PARTS = 4;
const STOPPED = 'The import stopped part way. Send it again with the same key to finish it.';
const KEY_REUSED = 'This import key was used for other rows. Start the import again.';

/** POST /task/import/preview: the file's rows and their errors; nothing written. */
export function previewFile(data: Buffer, opts: { format?: ImportFormat; timezone?: string }): ImportPreview {
  if (data.byteLength > IMPORT_MAX_BYTES)
    throw new HttpError(413, 'file-too-large', IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new ValidationError({ file: IMPORT_MESSAGES.notText });
  }
  try {
    return previewImport(text, {
      zone: opts.timezone ?? 'UTC',
      ...(opts.format ? { format: opts.format } : {}),
    });
  } catch (e) {
    if (e instanceof ImportFileError) throw new ValidationError({ file: e.message });
    throw e;
  }
}

const importEntities = { ...entities, importMark: ImportMarkEntity };
type ImportWrites = Parameters<Service<typeof importEntities>['transaction']['write']>[0];

async function transactImport(fn: ImportWrites): Promise<void> {
  const result = await createWriteTransaction(importEntities, fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}

/** A task id from the import's key and the row: the same on a retry. Formatted as a UUID. */
export function importTaskId(userId: string, key: string, index: number): string {
  const h = createHash('sha256').update(`${userId}\u0000${key}\u0000${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type NewTask = Omit<TaskRecord, 'version' | 'updatedAt'>;

interface Placed {
  task: NewTask;
  priorityGroup: number;
  position: 'top' | 'bottom';
  code: string;
}

type Write =
  | { kind: 'counters' }
  | { kind: 'task'; t: NewTask }
  | { kind: 'link'; parentId: string; childId: string }
  | { kind: 'placement'; p: Placed };

/** POST /task/import: every row as a new task in the group, or none; once per key. */
export async function importTasks(
  actor: Actor,
  input: ImportTasksInput,
  now = new Date(),
): Promise<ImportResult> {
  // Fields named as the API names them (snake_case), as the body's keys were sent.
  const rowErrors = validateImportRows(input.rows, camelToSnakeKey);
  if (rowErrors.length > 0) {
    const message = `${new Set(rowErrors.map((e) => e.row)).size} rows have errors; nothing was imported.`;
    throw new HttpError(400, errorCodes.validation, message, { message, rows: rowErrors });
  }
  const rowsHash = createHash('sha256')
    .update(JSON.stringify([input.group, input.rows]))
    .digest('base64url');
  // The caller, the group, and the parts of this key written before (a retry): two requests at once.
  const [[stored, group], marks] = await Promise.all([
    getItems([
      item<UserRecord>(UserEntity, { userId: actor.userId }),
      item<GroupRecord>(GroupEntity, { groupId: input.group }),
    ] as const),
    ImportMarkEntity.query
      .byImport({ userId: actor.userId, importKey: input.idempotencyKey })
      .go({ pages: 'all' }),
  ]);
  const written = new Set(marks.data.map((m) => m.part));
  const mark = marks.data.find((m) => m.part === 0);
  // The checks of POST /task: a member of the group (else 404) who may make tasks in it.
  const me = memberOf(group?.deleting ? null : group, actor);
  requireTaskPermission(me.role, 'task.title', 'group');
  if (mark && mark.rowsHash !== rowsHash) throw new ConflictError(KEY_REUSED);
  const user = stored?.provisionedAt ? stored : await getUser(actor);
  const zone = user.config.timezone ?? 'UTC';
  const iso = now.toISOString();

  const ids = input.rows.map((_, i) => importTaskId(actor.userId, input.idempotencyKey, i));
  const roots: string[] = [];
  const assignee = {
    userId: user.userId,
    email: user.email ?? '',
    name: displayName(user),
    ...avatarIdOf(user),
    role: CREATOR_ASSIGNEE_ROLE,
    createdAt: iso,
  };
  const tasks: NewTask[] = input.rows.map((row, i) => {
    const parentId = row.parent === null ? undefined : ids[row.parent]!;
    roots[i] = row.parent === null ? ids[i]! : roots[row.parent]!;
    const state = applySaveRules(
      null,
      {
        status: row.status,
        mode: 'active',
        flag: row.flag,
        priorityGroup: row.priorityGroup,
        dueAt: row.dueAt,
        completionAt: null,
        activatedAt: null,
        taskPosition: 'bottom',
      },
      now,
    );
    return {
      taskId: ids[i]!,
      title: row.title,
      description: row.description,
      flag: row.flag,
      status: state.status,
      mode: state.mode,
      level: DEFAULT_LEVEL,
      groupId: input.group,
      ...(parentId ? { parentId } : {}),
      rootId: roots[i]!,
      createdBy: actor.userId,
      creatorName: displayName(user),
      ...(user.config.avatar ? { creatorAvatarId: user.config.avatar.id } : {}),
      delegationType: 'SI',
      assignees: { [user.userId]: assignee },
      childCount: input.rows.filter((r) => r.parent === i).length,
      // Tasks made together keep the file's order: each a millisecond after the one before.
      createdAt: new Date(now.getTime() + i).toISOString(),
      ...(row.dueAt ? { dueAt: row.dueAt } : {}),
      ...(state.activatedAt ? { activatedAt: state.activatedAt } : {}),
    };
  });

  // The creator's counters: refused before anything is written when the tasks would pass a limit.
  const delta = sumCounts(tasks.map((t) => taskCountDelta(null, counted(t))));
  if (!mark) assertTaskCountsFit(user, delta);

  // Each task on the creator's lists, in the file's order (the Today rule may put it in Today).
  const placed = tasks.map((t, i): Placed => {
    const row = input.rows[i]!;
    const today = todayPlacement(
      null,
      { status: t.status, flag: t.flag, dueAt: t.dueAt ?? null },
      row.priorityGroup,
      zone,
      now,
    );
    return {
      task: t,
      priorityGroup: today?.priorityGroup ?? row.priorityGroup,
      position: today?.position ?? 'bottom',
      code: '',
    };
  });
  const buckets = new Map<string, Placed[]>();
  for (const p of placed) {
    const k = `${p.priorityGroup}|${p.position}`;
    buckets.set(k, [...(buckets.get(k) ?? []), p]);
  }
  for (const list of buckets.values()) {
    const codes = endSortCodes(list[0]!.position, list.length, now.getTime());
    list.forEach((p, n) => {
      p.code = codes[n]!;
    });
  }

  const writes: Write[] = [
    { kind: 'counters' },
    ...tasks.flatMap((t, i): Write[] => [
      { kind: 'task', t },
      ...(t.parentId ? [{ kind: 'link' as const, parentId: t.parentId, childId: t.taskId }] : []),
      { kind: 'placement', p: placed[i]! },
    ]),
  ];
  const perPart = MAX_TRANSACTION_ITEMS - 1; // one place for the part's marker
  const ttl = Math.floor(now.getTime() / 1000) + MARK_SECONDS;
  const writePart = async (part: number) => {
    if (written.has(part)) return;
    const chunk = writes.slice(part * perPart, (part + 1) * perPart);
    try {
      await transactImport(({ importMark, task, taskChild, placement, user: u }) => [
        importMark
          .create({
            userId: actor.userId,
            importKey: input.idempotencyKey,
            part,
            ttl,
            ...(part === 0 ? { rowsHash, tasks: tasks.length, groupId: input.group } : {}),
          })
          .commit(),
        ...chunk.flatMap((w) =>
          w.kind === 'counters'
            ? (taskCounterWrite(u, actor.userId, delta, user) ?? [])
            : w.kind === 'task'
              ? task.create({ ...w.t, version: 1 }).commit()
              : w.kind === 'link'
                ? taskChild.put({ parentId: w.parentId, childId: w.childId }).commit()
                : placement
                    .create({
                      userId: actor.userId,
                      taskId: w.p.task.taskId,
                      priorityGroup: w.p.priorityGroup,
                      sortCode: w.p.code,
                      taskPosition: w.p.position,
                      isOwner: true,
                      delegatedToMe: false,
                      scheduled: false,
                      ...dayWatchKeys(actor.userId, w.p.task.taskId, w.p.task),
                      delegatedOut: false,
                      groupId: w.p.task.groupId,
                      delegationType: w.p.task.delegationType,
                      ...(w.p.task.parentId ? { parentId: w.p.task.parentId } : {}),
                      mode: w.p.task.mode,
                      status: w.p.task.status,
                      titleLower: w.p.task.title.toLowerCase(),
                    })
                    .commit(),
        ),
      ]);
    } catch (e) {
      // This part was written by an earlier call with the same key: nothing to do again.
      if (e instanceof TransactionCanceledError && e.failedAt(0)) return;
      // The counters (first part, after the marker) refused: a limit reached meanwhile.
      if (part === 0) await limitFailure(e, 1, actor.userId, delta);
      // Another part's item was in the way (a concurrent call): what is written stays, marked.
      if (e instanceof TransactionCanceledError) throw new ConflictError(STOPPED);
      throw e;
    }
  };
  // The first part holds the counters: a limit reached meanwhile stops the import before the rest.
  // The others go PARALLEL_PARTS at a time (5,000 rows are about 150 parts; one after another they
  // would take most of a Lambda's time).
  await writePart(0);
  const parts = Math.ceil(writes.length / perPart);
  for (let from = 1; from < parts; from += PARALLEL_PARTS) {
    const batch = Array.from({ length: Math.min(PARALLEL_PARTS, parts - from) }, (_, k) => from + k);
    await Promise.all(batch.map(writePart));
  }
  return { created: tasks.length, group: input.group };
}
