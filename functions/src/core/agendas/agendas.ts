/**
 * Agendas (spec 002 §3, §4, §7 "Agenda"; issue 17 items 3 and 5; decisions D67).
 *
 * - An agenda belongs to one task and takes its id; who may see it follows the task (taskFor: anyone
 *   else gets 404, the agenda's existence not revealed). Writing it needs the task's `task.taskData`
 *   permission (viewers read only); deleting it too.
 * - Only a scheduled task gets one (000 §2: the agendas tab shows only when the task has a schedule).
 * - Writes replace the segments whole; a PUT that names the version it read is refused (409) when the
 *   agenda changed meanwhile, so a meeting's recorded times never overwrite another person's edit.
 * - The allow-list (AGENDA_ACCOUNTS) is configuration; empty means everyone. Checked on every call,
 *   reading the caller's record only when a list is set.
 */
import { randomUUID } from 'node:crypto';
import {
  AGENDA_MESSAGES,
  AGENDA_TEMPLATES,
  type AgendaTemplate,
  type AgendaTemplateSummary,
  type AgendaView,
  agendasAllowed,
  agendaTemplateSummary,
  type CreateAgendaInput,
  findAgendaTemplate,
  linkedTaskIds,
  normaliseSegments,
  totalMinutes,
  totalTimeSpent,
  type UpdateAgendaInput,
} from '@tandem/shared/agendas/agendas';
import type { Page } from '@tandem/shared/api/pagination';
import { AgendaEntity } from '../../db/entities/agenda.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { displayName } from '../access/roster.ts';
import {
  groupsById,
  requireTaskPermission,
  roleOn,
  type TaskRecord,
  taskFor,
} from '../access/task-access.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { toICalendar } from '../calendar/icalendar.ts';

type AgendaRecord = StoredItem<typeof AgendaEntity>;

/**
 * Refuses (403) a caller the allow-list leaves out; an empty list lets everyone in. Answers the
 * caller's record when the check read it (else null), so that no one reads it again.
 */
export async function requireAgendaAccess(actor: Actor): Promise<UserRecord | null> {
  const list = env.agendaAccounts;
  if (!list.trim()) return null;
  const user = await readUser(actor.userId);
  if (!agendasAllowed(list, user?.email)) throw new ForbiddenError(undefined, AGENDA_MESSAGES.notAllowed);
  return user;
}

/** The tasks the segments name that the caller may see, with their titles: one batch read each. */
async function visibleTasks(actor: Actor, ids: string[]): Promise<AgendaView['linkedTasks']> {
  if (ids.length === 0) return [];
  const tasks = (await TaskEntity.get(ids.map((taskId) => ({ taskId }))).go()).data;
  const groups = await groupsById(tasks.map((t) => t.groupId));
  const byId = new Map(
    tasks
      .filter((t) => roleOn(t, groups.get(t.groupId) ?? null, actor) !== null)
      .map((t) => [t.taskId, { id: t.taskId, title: t.title, status: t.status }]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function viewOf(
  actor: Actor,
  r: AgendaRecord,
  task: Pick<TaskRecord, 'taskId' | 'title'>,
): Promise<AgendaView> {
  const segments = [...r.segments].sort((a, b) => a.order - b.order);
  return {
    id: r.taskId,
    task: { id: task.taskId, title: task.title },
    title: r.title,
    notes: r.notes,
    template: r.template ?? null,
    segments,
    linkedTasks: await visibleTasks(actor, linkedTaskIds(segments)),
    totalMinutes: totalMinutes(segments),
    totalTimeSpent: totalTimeSpent(segments),
    version: r.version,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const readAgenda = async (taskId: string) => (await AgendaEntity.get({ taskId }).go()).data;

/** The task (visible to the caller, else 404) and its agenda (404 when it has none). */
async function agendaFor(actor: Actor, id: string) {
  const caller = await requireAgendaAccess(actor);
  const [{ task, role }, agenda] = await Promise.all([taskFor(actor, id), readAgenda(id)]);
  if (!agenda) throw new NotFoundError();
  return { task, role, agenda, caller };
}

export async function getAgenda(actor: Actor, id: string): Promise<AgendaView> {
  const { task, agenda } = await agendaFor(actor, id);
  return viewOf(actor, agenda, task);
}

export async function createAgenda(actor: Actor, input: CreateAgendaInput): Promise<AgendaView> {
  await requireAgendaAccess(actor);
  const { task, role } = await taskFor(actor, input.task);
  requireTaskPermission(role, 'task.taskData', 'segments');
  if (!task.schedule) throw new ValidationError({ task: AGENDA_MESSAGES.needsSchedule });
  if (input.template !== null && !findAgendaTemplate(input.template)) {
    throw new ValidationError({ template: 'There is no agenda template with this id.' });
  }
  const now = new Date().toISOString();
  try {
    const r = await AgendaEntity.create({
      taskId: task.taskId,
      createdBy: actor.userId,
      title: input.title,
      notes: input.notes,
      ...(input.template ? { template: input.template } : {}),
      segments: normaliseSegments(input.segments, randomUUID),
      version: 1,
      createdAt: now,
      updatedAt: now,
    }).go();
    return viewOf(actor, r.data, task);
  } catch (e) {
    if (isConditionFailed(e)) throw new ConflictError(AGENDA_MESSAGES.exists);
    throw e;
  }
}

export async function updateAgenda(actor: Actor, input: UpdateAgendaInput): Promise<AgendaView> {
  const { task, role, agenda } = await agendaFor(actor, input.id);
  requireTaskPermission(role, 'task.taskData', 'segments');
  const expected = input.version ?? agenda.version;
  if (expected !== agenda.version) throw new ConflictError(AGENDA_MESSAGES.stale);
  try {
    const r = await AgendaEntity.patch({ taskId: agenda.taskId })
      .set({
        title: input.title ?? agenda.title,
        notes: input.notes ?? agenda.notes,
        segments: normaliseSegments(input.segments, randomUUID),
        version: expected + 1,
        updatedAt: new Date().toISOString(),
      })
      .where((a, { eq }) => eq(a.version, expected))
      .go({ response: 'all_new' });
    return viewOf(actor, r.data, task);
  } catch (e) {
    // Changed (or removed) between the read and the write.
    if (isConditionFailed(e)) throw new ConflictError(AGENDA_MESSAGES.stale);
    throw e;
  }
}

export async function deleteAgenda(actor: Actor, id: string): Promise<void> {
  const { role } = await agendaFor(actor, id);
  requireTaskPermission(role, 'task.taskData', 'segments');
  try {
    await AgendaEntity.remove({ taskId: id }).go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

/**
 * GET /agenda/: with `task`, that task's agenda (none, or one); without, the agendas the caller made,
 * newest first, a page at a time (one Query of their index; agendas whose task is gone or hidden are
 * left out).
 */
export async function listAgendas(
  actor: Actor,
  q: { task?: string | undefined; page: number; limit: number },
): Promise<Page<AgendaView>> {
  await requireAgendaAccess(actor);
  if (q.task) {
    const [{ task }, agenda] = await Promise.all([taskFor(actor, q.task), readAgenda(q.task)]);
    const results = agenda ? [await viewOf(actor, agenda, task)] : [];
    return { count: results.length, next: null, previous: null, results };
  }
  // Pages by number over the person's own index, bounded by what one person makes.
  const skip = (q.page - 1) * q.limit;
  const mine = (
    await AgendaEntity.query
      .byCreator({ createdBy: actor.userId })
      .go({ order: 'desc', limit: skip + q.limit + 1 })
  ).data;
  const slice = mine.slice(skip, skip + q.limit);
  const tasks = await visibleTasks(
    actor,
    slice.map((a) => a.taskId),
  );
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const results = await Promise.all(
    slice
      .filter((a) => titles.has(a.taskId))
      .map((a) => viewOf(actor, a, { taskId: a.taskId, title: titles.get(a.taskId)! })),
  );
  return {
    count: skip + results.length + (mine.length > skip + q.limit ? 1 : 0),
    next: mine.length > skip + q.limit ? `?page=${q.page + 1}&limit=${q.limit}` : null,
    previous: q.page > 1 ? `?page=${q.page - 1}&limit=${q.limit}` : null,
    results,
  };
}

export async function listAgendaTemplates(actor: Actor): Promise<AgendaTemplateSummary[]> {
  await requireAgendaAccess(actor);
  return AGENDA_TEMPLATES.map(agendaTemplateSummary);
}

export async function getAgendaTemplate(actor: Actor, id: string): Promise<AgendaTemplate> {
  await requireAgendaAccess(actor);
  const t = findAgendaTemplate(id);
  if (!t) throw new NotFoundError();
  return t;
}

/**
 * The meeting's invitation as iCalendar (the calendar feed's writer, icalendar.ts): the task's
 * schedule as one event, the agenda's segments and planned minutes in its description, the task's
 * owner as organizer and its attendees with their answers.
 */
export async function agendaInvitation(
  actor: Actor,
  id: string,
): Promise<{ fileName: string; contentType: string; content: string }> {
  const { task, agenda, caller } = await agendaFor(actor, id);
  if (!task.schedule) throw new NotFoundError();
  // The creator asking: the allow-list check read their record already (D85).
  const organizer = caller?.userId === task.createdBy ? caller : await readUser(task.createdBy);
  const segments = [...agenda.segments].sort((a, b) => a.order - b.order);
  const description = [
    'Agenda:',
    ...segments.map((s) => `${s.order}. ${s.title ? `${s.name}: ${s.title}` : s.name} (${s.minutes} min)`),
    ...(agenda.notes ? ['', agenda.notes] : []),
  ].join('\n');
  const content = toICalendar(
    [
      {
        taskId: task.taskId,
        title: agenda.title || task.title,
        description,
        category: 'Meeting',
        schedule: task.schedule,
        ...(organizer?.email ? { organizer: { name: displayName(organizer), email: organizer.email } } : {}),
        attendees: (task.schedule.pendingAttendees ?? []).map(({ email, status }) => ({ email, status })),
      },
    ],
    new Date(),
  );
  return { fileName: 'invitation.ics', contentType: 'text/calendar', content };
}
