/**
 * Curricula: reads, who may see what, views, counters and the retried transaction (decisions D66).
 *
 * Who may: the author changes a curriculum (403 for anyone else who sees it); the accepted members
 * of its group and its learners read it; anyone else gets 404. A learner changes only the status of
 * their own lesson tasks.
 */
import type { LimitEvent } from '@tandem/shared';
import { CURRICULUM_MESSAGES, type CurriculumType, progressRatio } from '@tandem/shared/curricula/rules';
import type { CurriculumView, LearnerProgressView } from '@tandem/shared/curricula/views';
import {
  CurriculumEntity,
  type CurriculumTx,
  LearnerEntity,
  LessonEntity,
  LessonTaskEntity,
  transactCurricula,
} from '../../db/entities/curricula.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { COUNTER_ATTRIBUTE, type CountedEvent, LimitReachedError, limitOf } from '../access/limits.ts';
import { type GroupRecord, loadGroup } from '../access/roster.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { getUser } from '../user/user.ts';

export type CurriculumRecord = StoredItem<typeof CurriculumEntity>;
export type LessonRecord = StoredItem<typeof LessonEntity>;
export type LearnerRecord = StoredItem<typeof LearnerEntity>;
export type LessonTaskRecord = StoredItem<typeof LessonTaskEntity>;

export async function loadCurriculum(curriculumId: string): Promise<CurriculumRecord | null> {
  return (await CurriculumEntity.get({ curriculumId }).go()).data;
}

export async function lessonsOf(curriculumId: string): Promise<LessonRecord[]> {
  const r = await LessonEntity.query.byCurriculum({ curriculumId }).go({ pages: 'all' });
  return r.data.sort((a, b) => (a.sortCode < b.sortCode ? -1 : a.sortCode > b.sortCode ? 1 : 0));
}

export async function learnersOf(curriculumId: string): Promise<LearnerRecord[]> {
  return (await LearnerEntity.query.byCurriculum({ curriculumId }).go({ pages: 'all' })).data;
}

/** One track's lesson tasks (the author's or a learner's), by lesson id. */
export async function trackOf(curriculumId: string, userId: string): Promise<Map<string, LessonTaskRecord>> {
  const r = await LessonTaskEntity.query.byTrack({ curriculumId, userId }).go({ pages: 'all' });
  return new Map(r.data.map((t) => [t.lessonId, t]));
}

export type Relation = 'owner' | 'learner' | 'member';

export interface CurriculumAccess {
  curriculum: CurriculumRecord;
  group: GroupRecord | null;
  relation: Relation;
  /** The caller's learner item when they are one. */
  learner: LearnerRecord | null;
}

const isMember = (g: GroupRecord | null, userId: string) =>
  Boolean(
    g && Object.values(g.members).some((m) => m.userId === userId && m.invitationStatus === 'accepted'),
  );

/** The curriculum and the caller's relation to it; 404 when they may not see it. */
export async function curriculumFor(actor: Actor, curriculumId: string): Promise<CurriculumAccess> {
  const curriculum = await loadCurriculum(curriculumId);
  if (!curriculum) throw new NotFoundError();
  const [group, learner] = await Promise.all([
    loadGroup(curriculum.groupId),
    curriculum.ownerId === actor.userId
      ? Promise.resolve(null)
      : LearnerEntity.get({ curriculumId, userId: actor.userId })
          .go()
          .then((r) => r.data),
  ]);
  const relation: Relation | null =
    curriculum.ownerId === actor.userId
      ? 'owner'
      : learner
        ? 'learner'
        : isMember(group, actor.userId)
          ? 'member'
          : null;
  if (!relation) throw new NotFoundError();
  return { curriculum, group, relation, learner };
}

/** As curriculumFor, and 403 unless the caller is the author. */
export async function ownedCurriculum(actor: Actor, curriculumId: string): Promise<CurriculumAccess> {
  const a = await curriculumFor(actor, curriculumId);
  if (a.relation !== 'owner') throw new ForbiddenError(undefined, CURRICULUM_MESSAGES.ownerOnly);
  return a;
}

const learnerView = (c: CurriculumRecord, l: LearnerRecord): LearnerProgressView => ({
  user: l.userId,
  email: l.email,
  name: l.name,
  completed: Math.max(0, l.completedCount),
  progressRatio: progressRatio(l.completedCount, c.lessonCount),
});

/** The view for `userId`: their type and their own progress; all learners for the author. */
export function curriculumView(
  c: CurriculumRecord,
  userId: string,
  groupTitle: string,
  learners: readonly LearnerRecord[],
): CurriculumView {
  const own = c.ownerId === userId;
  const mine = learners.find((l) => l.userId === userId);
  const type: CurriculumType = c.mode === 'template' ? 'template' : own ? 'own' : 'delegated';
  const completed = own ? c.completedCount : (mine?.completedCount ?? 0);
  return {
    id: c.curriculumId,
    title: c.title,
    group: { id: c.groupId, title: groupTitle },
    mode: c.mode,
    type,
    owner: { id: c.ownerId, name: c.ownerName },
    isOwner: own,
    lessonCount: Math.max(0, c.lessonCount),
    completed: Math.max(0, completed),
    progressRatio: progressRatio(completed, c.lessonCount),
    learners: (own ? learners : mine ? [mine] : []).map((l) => learnerView(c, l)),
    createdAt: c.createdAt,
  };
}

/** The caller's record, provisioned. */
export async function me(actor: Actor): Promise<UserRecord> {
  const stored = await readUser(actor.userId);
  return stored?.provisionedAt ? stored : getUser(actor);
}

// ---------- counters ----------

export type Counts = Partial<Record<CountedEvent, number>>;

/** Refuses up front what would pass one of the person's limits (nothing written). */
export function assertFits(user: UserRecord, delta: Counts): void {
  for (const [event, by] of Object.entries(delta) as Array<[CountedEvent, number]>) {
    if (by <= 0) continue;
    const limit = limitOf(user.subscription.package, event);
    const count = Math.max(0, user[COUNTER_ATTRIBUTE[event]] ?? 0);
    if (count + by > limit) throw new LimitReachedError(event as LimitEvent, limit, count);
  }
}

/**
 * The one write of a person's counters in a transaction: every counter that grows carries the
 * condition that it stays within the limit, so concurrent writes cannot pass it. Null when none move.
 */
export function countWrite(
  tx: CurriculumTx,
  user: Pick<UserRecord, 'userId' | 'subscription'>,
  delta: Counts,
) {
  const moved = (Object.entries(delta) as Array<[CountedEvent, number]>).filter(([, by]) => by !== 0);
  if (moved.length === 0) return null;
  const add = Object.fromEntries(moved.map(([e, by]) => [COUNTER_ATTRIBUTE[e], by]));
  const growing = moved.filter(([, by]) => by > 0);
  let patch = tx.user.patch({ userId: user.userId }).add(add);
  if (growing.length) {
    patch = patch.where((a, op) =>
      growing
        .map(([e, by]) => {
          const attr = a[COUNTER_ATTRIBUTE[e]];
          return `(${op.notExists(attr)} OR ${op.lte(attr, limitOf(user.subscription.package, e) - by)})`;
        })
        .join(' AND '),
    );
  }
  return patch.commit();
}

/** After a counter write's condition failed: the limit as it now stands, read fresh. */
export async function limitRefusal(userId: string, delta: Counts): Promise<never> {
  const fresh = await readUser(userId);
  if (fresh) assertFits(fresh, delta);
  const event = (Object.entries(delta) as Array<[CountedEvent, number]>).find(([, by]) => by > 0)?.[0];
  const limit = fresh && event ? limitOf(fresh.subscription.package, event) : 0;
  throw new LimitReachedError((event ?? 'totalCurriculums') as LimitEvent, limit, limit);
}

export const sumInto = (a: Counts, b: Counts): Counts => {
  const out: Counts = { ...a };
  for (const [k, v] of Object.entries(b) as Array<[CountedEvent, number]>) out[k] = (out[k] ?? 0) + v;
  return out;
};

// ---------- transactions ----------

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `attempt` (read, then one transaction) again when the transaction lost a race to a concurrent
 * one (TransactionConflict, or a condition on what was read): concurrent completions of lessons of one
 * curriculum all write its completed count, and each must count once. Other failures stand.
 */
export async function retried<T>(attempt: () => Promise<T>, tries = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof TransactionCanceledError && e.lostRace()) || i >= tries) throw e;
      await pause(10 * 2 ** i * Math.random());
    }
  }
}

export { transactCurricula };
