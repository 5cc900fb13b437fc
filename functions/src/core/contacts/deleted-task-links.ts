/**
 * A deleted task drops its contact and company links (decisions D63): the stream consumer
 * (streams/contact-links.ts) calls this after the task's delete, outside the request. The links are
 * found by the task (ContactTaskEntity.byTask, one Query); each goes in a transaction with its
 * contact's or company's `task_count` lowered by one. Idempotent: a link already gone (a record that
 * came again) cancels its transaction and nothing is lowered twice; a link whose contact or company
 * is gone (or whose count is already 0) is deleted alone.
 */
import { transactContacts } from '../../db/entities/contact-entities.ts';
import { ContactTaskEntity } from '../../db/entities/contact-list.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError } from '../../lib/conditions.ts';

type TaskLink = StoredItem<typeof ContactTaskEntity>;

async function dropLink(l: TaskLink): Promise<void> {
  const key = { kind: l.kind, itemId: l.itemId, taskId: l.taskId };
  try {
    await transactContacts(({ contact, company, contactTask }) => [
      contactTask
        .delete(key)
        .where((a, op) => op.exists(a.taskId))
        .commit(),
      l.kind === 'contact'
        ? contact
            .patch({ contactId: l.itemId })
            .add({ taskCount: -1 })
            .where((a, op) => op.gt(a.taskCount, 0))
            .commit()
        : company
            .patch({ companyId: l.itemId })
            .add({ taskCount: -1 })
            .where((a, op) => op.gt(a.taskCount, 0))
            .commit(),
    ]);
  } catch (e) {
    if (!(e instanceof TransactionCanceledError)) throw e;
    // The link went already (nothing to do), or its owner or its count did: the link alone.
    if (!e.failedAt(0)) await ContactTaskEntity.delete(key).go();
  }
}

/** Drops every contact and company link of the task, lowering their task counts. */
export async function dropContactLinksOfTask(taskId: string): Promise<number> {
  const links = await ContactTaskEntity.query.byTask({ taskId }).go({ pages: 'all' });
  for (const l of links.data as TaskLink[]) await dropLink(l);
  return links.data.length;
}
