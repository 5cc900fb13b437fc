/**
 * Tasks of a contact or company: the link items (db/entities/contact-list.ts ContactTaskEntity),
 * listed a page at a time (only tasks the caller can see), made by POST /tasks/associate/ for
 * existing tasks, and by POST /task/ with `contact` / `company` in the task's own transaction
 * (core/tasks/tasks.ts, through `taskLinkWrites`).
 */
import { CONTACT_MESSAGES } from '@tandem/shared/contacts/rules';
import type { AssociateTasksInput } from '@tandem/shared/contacts/schemas';
import type { AssociateResult, ContactPage, LinkedTaskView } from '@tandem/shared/contacts/views';
import { getItems, item } from '../../db/batch-get.ts';
import { transactContacts as transact } from '../../db/entities/contact-entities.ts';
import { ContactTaskEntity } from '../../db/entities/contact-list.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { countOf, readPage } from '../../lib/list-pages.ts';
import { groupsById, roleOn, type TaskRecord } from '../access/task-access.ts';
import { requireAction } from './access.ts';
import { companyFor } from './companies.ts';
import { contactFor } from './contacts.ts';
import type { Kind } from './store.ts';

type TaskLink = StoredItem<typeof ContactTaskEntity>;

/** The tasks of these ids the caller can see (one BatchGet of tasks, one of their groups). */
async function visibleTasks(actor: Actor, taskIds: readonly string[]) {
  const tasks = (await getItems(taskIds.map((taskId) => item<TaskRecord>(TaskEntity, { taskId })))).filter(
    (t): t is TaskRecord => t !== null,
  );
  const groups = await groupsById(tasks.map((t) => t.groupId));
  return new Map(
    tasks.filter((t) => roleOn(t, groups.get(t.groupId) ?? null, actor) !== null).map((t) => [t.taskId, t]),
  );
}

async function owner(actor: Actor, kind: Kind, id: string) {
  if (kind === 'contact') return (await contactFor(actor, id)).contact.contactId;
  if (!/^\d{1,16}$/.test(id)) throw new ValidationError({ id: CONTACT_MESSAGES.companyIdNumber });
  return (await companyFor(actor, Number(id))).company.companyId;
}

export async function listLinkedTasks(
  actor: Actor,
  kind: Kind,
  id: string,
  q: { page: number; pageSize: number; cursor?: string | undefined },
): Promise<ContactPage<LinkedTaskView>> {
  const itemId = await owner(actor, kind, id);
  let seen = new Map<string, TaskRecord>();
  const read = await readPage<TaskLink>(
    {
      partition: `CTASK#${kind}#${itemId}`,
      keyFields: ['pk', 'sk'],
      query: (limit, cursor) =>
        ContactTaskEntity.query
          .byItem({ kind, itemId })
          .go({ limit, cursor, data: 'includeKeys' }) as Promise<{
          data: TaskLink[];
          cursor: string | null;
        }>,
      keep: async (batch) => {
        const v = await visibleTasks(
          actor,
          batch.map((l) => l.taskId),
        );
        seen = new Map([...seen, ...v]);
        return batch.filter((l) => v.has(l.taskId));
      },
    },
    { size: q.pageSize, page: q.page, cursor: q.cursor },
  );
  return {
    count: countOf(read),
    next: read.next ? `?cursor=${read.next}&page_size=${q.pageSize}` : null,
    previous: !q.cursor && q.page > 1 ? `?page=${q.page - 1}&page_size=${q.pageSize}` : null,
    results: read.items.map((l) => {
      const t = seen.get(l.taskId)!;
      return {
        id: t.taskId,
        title: t.title,
        status: t.status,
        mode: t.mode,
        group: t.groupId,
        dueAt: t.dueAt ?? null,
        createdAt: t.createdAt,
        linkedAt: l.linkedAt,
      };
    }),
  };
}

/**
 * POST /tasks/associate/: links existing tasks the caller can see (404 for one they cannot) to a
 * contact or company they may edit (403), in one transaction with the item's task count.
 */
export async function associateTasks(actor: Actor, input: AssociateTasksInput): Promise<AssociateResult> {
  const kind: Kind = input.contact !== undefined ? 'contact' : 'company';
  const target =
    kind === 'contact'
      ? await contactFor(actor, input.contact!).then((r) => ({
          id: r.contact.contactId,
          links: r.contact.groups,
          roles: r.roles,
          createdBy: r.contact.createdBy,
        }))
      : await companyFor(actor, input.company!).then((r) => ({
          id: r.company.companyId,
          links: r.company.groups,
          roles: r.roles,
          createdBy: r.company.createdBy,
        }));
  requireAction(target.links, target.roles, 'edit', target.createdBy === actor.userId);
  const ids = [...new Set(input.tasks)];
  const visible = await visibleTasks(actor, ids);
  if (ids.some((t) => !visible.has(t))) throw new NotFoundError();
  const had = new Set(
    (
      await getItems(
        ids.map((taskId) => item<TaskLink>(ContactTaskEntity, { kind, itemId: target.id, taskId })),
      )
    )
      .filter((l): l is TaskLink => l !== null)
      .map((l) => l.taskId),
  );
  const fresh = ids.filter((t) => !had.has(t));
  if (fresh.length) {
    const now = new Date().toISOString();
    await transact(({ contact, company, contactTask }) => [
      ...fresh.map((taskId) => contactTask.put({ kind, itemId: target.id, taskId, linkedAt: now }).commit()),
      kind === 'contact'
        ? contact.patch({ contactId: target.id }).add({ taskCount: fresh.length }).commit()
        : company.patch({ companyId: target.id }).add({ taskCount: fresh.length }).commit(),
    ]);
  }
  return { linked: ids };
}
