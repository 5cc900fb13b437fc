/**
 * Curricula (spec 002 §2 "Curriculum screen", §3, §7 "Curriculum"; issue 17 item 1; decisions D66):
 * the lists by type and group, one curriculum, create, rename and mode, delete, clone, and delegation
 * to learners (each gets their own lesson tasks; the author sees each learner's progress).
 * Lessons are in lessons.ts.
 */
import { randomUUID } from 'node:crypto';
import { CURRICULUM_MESSAGES, MAX_LEARNERS } from '@tandem/shared/curricula/rules';
import type {
  AddLearnerInput,
  CloneCurriculumInput,
  CreateCurriculumInput,
  ListCurriculaQuery,
  UpdateCurriculumInput,
} from '@tandem/shared/curricula/schemas';
import type { CurriculumView } from '@tandem/shared/curricula/views';
import { CURRICULUM_CHANGES } from '@tandem/shared/notifications/notifications';
import { getItems, item } from '../../db/batch-get.ts';
import {
  CurriculumEntity,
  type CurriculumTx,
  LearnerEntity,
  LessonEntity,
  LessonTaskEntity,
} from '../../db/entities/curricula.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import {
  chunks,
  MAX_BATCH_WRITE_ITEMS,
  MAX_TRANSACTION_ITEMS,
  TransactionCanceledError,
} from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { displayName, listMemberships, loadGroup, memberOf, senderName } from '../access/roster.ts';
import { groupsById, type TaskRecord } from '../access/task-access.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { attachmentsToCopy, copyAttachments } from '../attachments/attachments.ts';
import { curriculumAddedMail, curriculumRemovedMail } from '../notifications/mails.ts';
import { tell } from '../notifications/tell.ts';
import { deleteTasks } from '../tasks/tasks.ts';
import { lessonTaskWrites, type PlannedLessonTask, planLessonTask, sourceOf } from './lesson-tasks.ts';
import {
  assertFits,
  type Counts,
  type CurriculumRecord,
  countWrite,
  curriculumFor,
  curriculumView,
  type LessonRecord,
  type LessonTaskRecord,
  learnersOf,
  lessonsOf,
  limitRefusal,
  me,
  ownedCurriculum,
  retried,
  sumInto,
  trackOf,
  transactCurricula,
} from './store.ts';

type TxItem = ReturnType<ReturnType<CurriculumTx['curriculum']['create']>['commit']>;

const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const newestFirst = (a: CurriculumRecord, b: CurriculumRecord) => b.createdAt.localeCompare(a.createdAt);

/** GET /curriculum?type=own|delegated|template&group */
export async function listCurricula(actor: Actor, q: ListCurriculaQuery) {
  let found: CurriculumRecord[] = [];
  if (q.type === 'own') {
    const r = await CurriculumEntity.query.byOwner({ ownerId: actor.userId }).go({ pages: 'all' });
    found = r.data.filter((c) => c.mode === 'active');
  } else if (q.type === 'delegated') {
    const mine = (await LearnerEntity.query.byLearner({ userId: actor.userId }).go({ pages: 'all' })).data;
    const read = await getItems(
      mine.map((l) => item<CurriculumRecord>(CurriculumEntity, { curriculumId: l.curriculumId })),
    );
    found = read.filter((c): c is CurriculumRecord => c !== null && c.mode === 'active');
  } else {
    // Templates: those of the caller's groups (one Query a group; a named group must be theirs).
    const groupIds = q.group
      ? [memberOf(await loadGroup(q.group), actor) && q.group]
      : (await listMemberships(actor.userId)).map((m) => m.groupId);
    const per = await Promise.all(
      groupIds.map((groupId) => CurriculumEntity.query.byGroup({ groupId }).go({ pages: 'all' })),
    );
    found = per.flatMap((r) => r.data).filter((c) => c.mode === 'template');
  }
  if (q.group) found = found.filter((c) => c.groupId === q.group);
  found.sort(newestFirst);
  const groups = await groupsById([...new Set(found.map((c) => c.groupId))]);
  const learners = await Promise.all(
    found.map((c) =>
      c.ownerId === actor.userId || q.type === 'delegated' ? learnersOf(c.curriculumId) : [],
    ),
  );
  return page(
    found.map((c, i) => curriculumView(c, actor.userId, groups.get(c.groupId)?.title ?? '', learners[i]!)),
  );
}

/** GET /curriculum/{id} */
export async function getCurriculum(actor: Actor, curriculumId: string): Promise<CurriculumView> {
  const a = await curriculumFor(actor, curriculumId);
  const learners = a.relation === 'member' ? [] : await learnersOf(curriculumId);
  return curriculumView(a.curriculum, actor.userId, a.group?.title ?? '', learners);
}

/** POST /curriculum/ {title, group, mode}: counted against the author's totalCurriculums. */
export async function createCurriculum(actor: Actor, input: CreateCurriculumInput): Promise<CurriculumView> {
  const group = await loadGroup(input.group);
  memberOf(group, actor);
  const user = await me(actor);
  const delta: Counts = { totalCurriculums: 1 };
  assertFits(user, delta);
  const c = {
    curriculumId: randomUUID(),
    title: input.title,
    groupId: input.group,
    mode: input.mode,
    ownerId: actor.userId,
    ownerName: displayName(user),
    lessonCount: 0,
    completedCount: 0,
    learnerCount: 0,
    version: 1,
    createdAt: new Date().toISOString(),
  };
  try {
    await transactCurricula((tx) => [tx.curriculum.create(c).commit(), countWrite(tx, user, delta)!]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.failedAt(1)) await limitRefusal(user.userId, delta);
    throw e;
  }
  return curriculumView(c as CurriculumRecord, actor.userId, group!.title, []);
}

/** PATCH /curriculum/{id}: title and mode; the author only. A curriculum with learners stays active. */
export async function updateCurriculum(
  actor: Actor,
  curriculumId: string,
  input: UpdateCurriculumInput,
): Promise<CurriculumView> {
  const a = await ownedCurriculum(actor, curriculumId);
  if (input.mode === 'template' && a.curriculum.learnerCount > 0)
    throw new ValidationError({ mode: CURRICULUM_MESSAGES.templateNoLearners });
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.mode !== undefined ? { mode: input.mode } : {}),
    version: a.curriculum.version + 1,
  };
  try {
    await CurriculumEntity.patch({ curriculumId })
      .set(set)
      .where((x, op) => op.eq(x.version, a.curriculum.version))
      .go();
  } catch {
    throw new ConflictError(CURRICULUM_MESSAGES.raced);
  }
  return getCurriculum(actor, curriculumId);
}

/**
 * DELETE /curriculum/{id}: the author only. The curriculum, its lessons and learners go, and its
 * counts give back; the author's lesson tasks are deleted; learners keep their own tasks (their
 * work), no longer lessons of anything.
 */
export async function deleteCurriculum(actor: Actor, curriculumId: string): Promise<void> {
  const a = await ownedCurriculum(actor, curriculumId);
  const [lessons, learners] = await Promise.all([lessonsOf(curriculumId), learnersOf(curriculumId)]);
  const tracks = await Promise.all(
    [actor.userId, ...learners.map((l) => l.userId)].map((u) => trackOf(curriculumId, u)),
  );
  const links = tracks.flatMap((t) => [...t.values()]);
  const user = await me(actor);
  // The curriculum and the author's counters first: once it is gone nobody reaches the rest.
  await transactCurricula((tx) => [
    tx.curriculum
      .delete({ curriculumId })
      .where((x, op) => op.exists(x.curriculumId))
      .commit(),
    countWrite(tx, user, { totalCurriculums: -1, totalCurriculumLessons: -a.curriculum.lessonCount })!,
  ]);
  for (const part of chunks(
    lessons.map((l) => ({ curriculumId, lessonId: l.lessonId })),
    MAX_BATCH_WRITE_ITEMS,
  ))
    await LessonEntity.delete(part).go();
  for (const part of chunks(
    learners.map((l) => ({ curriculumId, userId: l.userId })),
    MAX_BATCH_WRITE_ITEMS,
  ))
    await LearnerEntity.delete(part).go();
  // Learners' tasks stay theirs, unlinked; the author's go.
  await unlinkTracks(links, (l) => l.userId !== actor.userId);
  const authorTasks = lessons.map((l) => l.taskId);
  for (const part of chunks(authorTasks, 50)) {
    const existing = (await getItems(part.map((taskId) => item<TaskRecord>(TaskEntity, { taskId })))).filter(
      (t): t is TaskRecord => t !== null,
    );
    if (existing.length)
      await deleteTasks(
        actor,
        existing.map((t) => t.taskId),
        true,
      );
  }
}

/**
 * Forgets tracks' links to their lessons; the tasks `keep` picks stay their owners' own, no longer
 * lessons of anything (a task already gone is skipped).
 */
async function unlinkTracks(
  links: readonly LessonTaskRecord[],
  keep: (l: LessonTaskRecord) => boolean,
): Promise<void> {
  for (const part of chunks(
    links.map((l) => ({ taskId: l.taskId })),
    MAX_BATCH_WRITE_ITEMS,
  ))
    await LessonTaskEntity.delete(part).go();
  const kept = links.filter(keep);
  for (const part of chunks(kept, MAX_BATCH_WRITE_ITEMS))
    await Promise.all(
      part.map((l) =>
        TaskEntity.patch({ taskId: l.taskId })
          .remove(['curriculumLesson'])
          .go()
          .catch(() => undefined),
      ),
    );
}

// ---------- copies of lessons, chunked ----------

/** The lessons' tasks of one person, written in transactions that fit, then `last` with the counters. */
async function writeLessonTasks(
  planned: Array<{
    p: PlannedLessonTask;
    lesson: { curriculumId: string; lessonId: string; sortCode: string };
  }>,
  person: UserRecord,
  withLessons: boolean,
  last: (tx: CurriculumTx) => TxItem[],
  extraCounts: Counts,
): Promise<void> {
  const perLesson = withLessons ? 4 : 3;
  const counts = planned.reduce((s, x) => sumInto(s, x.p.counts), extraCounts);
  assertFits(person, counts);
  const groups = chunks(planned, Math.floor((MAX_TRANSACTION_ITEMS - 4) / perLesson));
  const tail = groups.pop() ?? [];
  const written: typeof planned = [];
  try {
    for (const g of groups) {
      await transactCurricula((tx) =>
        g.flatMap((x) => [
          ...lessonTaskWrites(tx, x.p, x.lesson),
          ...(withLessons
            ? [
                tx.lesson
                  .create({ ...x.lesson, taskId: x.p.task.taskId, createdAt: x.p.task.createdAt })
                  .commit(),
              ]
            : []),
        ]),
      );
      written.push(...g);
    }
    await transactCurricula((tx) => [
      ...[countWrite(tx, person, counts)].filter((w) => w !== null),
      ...last(tx),
      ...tail.flatMap((x) => [
        ...lessonTaskWrites(tx, x.p, x.lesson),
        ...(withLessons
          ? [
              tx.lesson
                .create({ ...x.lesson, taskId: x.p.task.taskId, createdAt: x.p.task.createdAt })
                .commit(),
            ]
          : []),
      ]),
    ]);
  } catch (e) {
    await undoLessonTasks(written, withLessons);
    const counted = Object.values(counts).some((by) => by !== 0);
    if (e instanceof TransactionCanceledError && counted && e.failedAt(0))
      await limitRefusal(person.userId, counts);
    if (e instanceof TransactionCanceledError) throw new ConflictError(CURRICULUM_MESSAGES.raced);
    throw e;
  }
}

async function undoLessonTasks(
  written: Array<{ p: PlannedLessonTask; lesson: { curriculumId: string; lessonId: string } }>,
  withLessons: boolean,
) {
  for (const part of chunks(written, MAX_BATCH_WRITE_ITEMS)) {
    await TaskEntity.delete(part.map((x) => ({ taskId: x.p.task.taskId }))).go();
    await LessonTaskEntity.delete(part.map((x) => ({ taskId: x.p.task.taskId }))).go();
    await PlacementEntity.delete(part.map((x) => ({ userId: x.p.userId, taskId: x.p.task.taskId }))).go();
    if (withLessons) await LessonEntity.delete(part.map((x) => x.lesson)).go();
  }
}

/** The author's lesson tasks of these lessons (a lesson whose task is gone has no source). */
async function lessonSources(lessons: readonly LessonRecord[]): Promise<Map<string, TaskRecord>> {
  const out = new Map<string, TaskRecord>();
  for (const part of chunks([...lessons], 100)) {
    const read = await getItems(part.map((l) => item<TaskRecord>(TaskEntity, { taskId: l.taskId })));
    for (const t of read) if (t) out.set(t.taskId, t);
  }
  return out;
}

/**
 * POST /curriculum/clone/{id}: a copy for the caller (who may see it) in the same group, its lessons'
 * tasks copied in order, as an ordinary curriculum unless a mode is given; "<title> (copy)" by default.
 * Its attachments are copied too, counted on the caller: refused before anything is written when they
 * do not fit the caller's plan.
 */
export async function cloneCurriculum(
  actor: Actor,
  curriculumId: string,
  input: CloneCurriculumInput,
  now = new Date(),
): Promise<CurriculumView> {
  const a = await curriculumFor(actor, curriculumId);
  const user = await me(actor);
  const [lessons, files] = await Promise.all([
    lessonsOf(curriculumId),
    attachmentsToCopy(user, { kind: 'curriculum', id: curriculumId }),
  ]);
  const sources = await lessonSources(lessons);
  const c = {
    curriculumId: randomUUID(),
    title: input.title ?? `${a.curriculum.title} (copy)`,
    groupId: a.curriculum.groupId,
    mode: input.mode ?? 'active',
    ownerId: actor.userId,
    ownerName: displayName(user),
    completedCount: 0,
    learnerCount: 0,
    version: 1,
    createdAt: now.toISOString(),
  };
  const planned = lessons.flatMap((l) => {
    const source = sources.get(l.taskId);
    if (!source) return [];
    const taskId = randomUUID();
    return [
      {
        p: planLessonTask(sourceOf(source), c, user, taskId, now),
        lesson: { curriculumId: c.curriculumId, lessonId: taskId, sortCode: l.sortCode },
      },
    ];
  });
  await writeLessonTasks(
    planned,
    user,
    true,
    (tx) => [tx.curriculum.create({ ...c, lessonCount: planned.length }).commit()],
    { totalCurriculums: 1, totalCurriculumLessons: planned.length },
  );
  await copyAttachments(user, files, { kind: 'curriculum', id: c.curriculumId });
  return curriculumView(
    { ...c, lessonCount: planned.length } as CurriculumRecord,
    actor.userId,
    a.group?.title ?? '',
    [],
  );
}

/**
 * POST /curriculum/learner/{id} {email}: delegates the curriculum to a member of its group. The
 * learner gets their own task for every lesson (on their lists, counted on their counters); from
 * then on every lesson added or removed reaches them too. The author only. The learner is told (D85)
 * as a `delegated` notification with change `curriculum_added`, after the learner is written.
 */
export async function addLearner(
  actor: Actor,
  curriculumId: string,
  input: AddLearnerInput,
  now = new Date(),
): Promise<CurriculumView> {
  const a = await ownedCurriculum(actor, curriculumId);
  const c = a.curriculum;
  if (c.mode === 'template') throw new ValidationError({ email: CURRICULUM_MESSAGES.templateNoLearners });
  const entry = a.group
    ? Object.values(a.group.members).find((m) => m.email === input.email && m.invitationStatus === 'accepted')
    : undefined;
  if (!entry?.userId) throw new ValidationError({ email: CURRICULUM_MESSAGES.learnerNotMember });
  if (entry.userId === actor.userId)
    throw new ValidationError({ email: CURRICULUM_MESSAGES.authorIsNotLearner });
  const learners = await learnersOf(curriculumId);
  if (learners.some((l) => l.userId === entry.userId))
    throw new ValidationError({ email: CURRICULUM_MESSAGES.alreadyLearner });
  if (learners.length >= MAX_LEARNERS)
    throw new ValidationError({ email: CURRICULUM_MESSAGES.tooManyLearners });
  const learner = await readUser(entry.userId);
  if (!learner) throw new NotFoundError();
  const lessons = await lessonsOf(curriculumId);
  const sources = await lessonSources(lessons);
  const planned = lessons.flatMap((l) => {
    const source = sources.get(l.taskId);
    if (!source) return [];
    return [
      {
        p: planLessonTask(sourceOf(source), c, learner, randomUUID(), now),
        lesson: { curriculumId, lessonId: l.lessonId, sortCode: l.sortCode },
      },
    ];
  });
  await writeLessonTasks(
    planned,
    learner,
    false,
    (tx) => [
      tx.learner
        .create({
          curriculumId,
          userId: learner.userId,
          email: learner.email ?? input.email,
          name: displayName(learner),
          completedCount: 0,
          createdAt: now.toISOString(),
        })
        .commit(),
      // The lessons as read: one added meanwhile would miss this learner.
      tx.curriculum
        .patch({ curriculumId })
        .add({ learnerCount: 1 })
        .where((x, op) => op.eq(x.lessonCount, c.lessonCount))
        .commit(),
    ],
    {},
  );
  await toldLearner(c, learner.userId, CURRICULUM_CHANGES.added, now);
  return getCurriculum(actor, curriculumId);
}

/**
 * DELETE /curriculum/learner/{id}/{user}: the author takes a learner off. Their lesson tasks stay
 * theirs (their work), no longer lessons: lessons added or removed later no longer reach them, and
 * the author no longer sees their progress. Someone who does not follow it is 404. The learner is
 * told (D83) through tell(), as a `delegated` notification with change `curriculum_removed`.
 */
export async function removeLearner(
  actor: Actor,
  curriculumId: string,
  userId: string,
  now = new Date(),
): Promise<CurriculumView> {
  const { curriculum: c } = await ownedCurriculum(actor, curriculumId);
  const learner = (await LearnerEntity.get({ curriculumId, userId }).go()).data;
  if (!learner) throw new NotFoundError(CURRICULUM_MESSAGES.notALearner);
  await transactCurricula((tx) => [
    tx.learner
      .delete({ curriculumId, userId })
      .where((x, op) => op.exists(x.userId))
      .commit(),
    tx.curriculum.patch({ curriculumId }).add({ learnerCount: -1 }).commit(),
  ]);
  await unlinkTracks([...(await trackOf(curriculumId, userId)).values()], () => true);
  await toldLearner(c, userId, CURRICULUM_CHANGES.removed, now);
  return getCurriculum(actor, curriculumId);
}

/**
 * Tells a learner they were added (D85) or taken off (D83), by their settings for `delegated`: in the
 * app (added: opening the curriculum, now theirs to follow; taken off: opening their tasks, which stay
 * theirs), by e-mail and push. The change stands if telling fails.
 */
async function toldLearner(
  c: CurriculumRecord,
  userId: string,
  change: (typeof CURRICULUM_CHANGES)[keyof typeof CURRICULUM_CHANGES],
  now: Date,
): Promise<void> {
  const by = senderName(c.ownerName);
  const added = change === CURRICULUM_CHANGES.added;
  try {
    await tell({
      template: 'delegated',
      subject: { type: 'group', id: c.groupId },
      variables: {
        change,
        curriculumId: c.curriculumId,
        curriculumTitle: c.title,
        groupId: c.groupId,
        byName: c.ownerName,
      },
      to: [{ userId }],
      mail: (email, user) =>
        added ? curriculumAddedMail(email, user, c, by) : curriculumRemovedMail(email, user, c.title, by),
      push: { title: `${by} ${added ? 'added you to' : 'took you off'} a curriculum`, body: c.title },
      now,
    });
  } catch (e) {
    logger.warn('learner change not told', { curriculumId: c.curriculumId, change, error: String(e) });
  }
}

/** The tasks' ids of `lessonId` in every track (author and learners). */
export async function lessonTasksOf(curriculumId: string, lessonId: string, userIds: readonly string[]) {
  const r = await Promise.all(
    userIds.map((userId) =>
      LessonTaskEntity.query
        .byTrack({ curriculumId, userId, lessonId })
        .go()
        .then((x) => x.data[0] ?? null),
    ),
  );
  return r.filter((x) => x !== null);
}

export { retried };
