/**
 * POST /task/ with `contact` / `company` (spec 001 §7): the link item and the count, written in the
 * task's own transaction (core/tasks/tasks.ts createTask), so the create stays at its requests. The
 * count's update is conditional: the contact or company exists and is linked to the task's group
 * (the caller is a member of that group, which the task's create has checked) — otherwise the
 * whole create is refused (400) and nothing is written. Kept apart from contacts.ts so the task
 * create's bundle carries only this.
 */
import { CONTACT_MESSAGES } from '@tandem/shared/contacts/rules';
import type { ContactWriteFn } from '../../db/entities/contact-entities.ts';
import { TransactionCanceledError } from '../../lib/conditions.ts';
import { ValidationError } from '../../lib/errors.ts';

export interface TaskLinkAsk {
  contact?: string | undefined;
  company?: number | undefined;
}

/** The transaction's entities (db/entities/contact-entities.ts) that these writes use. */
type Writers = Pick<Parameters<ContactWriteFn>[0], 'contact' | 'company' | 'contactTask'>;

/** The transaction items: the link and the conditional count, for the contact and for the company. */
export function taskLinkWrites(e: Writers, ask: TaskLinkAsk, taskId: string, groupId: string, now: string) {
  const out = [];
  if (ask.contact !== undefined) {
    out.push(
      e.contactTask.put({ kind: 'contact', itemId: ask.contact, taskId, linkedAt: now }).commit(),
      e.contact
        .patch({ contactId: ask.contact })
        .add({ taskCount: 1 })
        .where((a, op) => op.contains(a.groupIds, groupId))
        .commit(),
    );
  }
  if (ask.company !== undefined) {
    const companyId = String(ask.company);
    out.push(
      e.contactTask.put({ kind: 'company', itemId: companyId, taskId, linkedAt: now }).commit(),
      e.company
        .patch({ companyId })
        .add({ taskCount: 1 })
        .where((a, op) => op.contains(a.groupIds, groupId))
        .commit(),
    );
  }
  return out;
}

/** A cancelled create whose contact or company condition failed (its items from `offset`): a 400. */
export function taskLinkFailure(e: unknown, ask: TaskLinkAsk, offset: number): void {
  if (!(e instanceof TransactionCanceledError)) return;
  const contactAt = ask.contact !== undefined ? offset + 1 : -1;
  const companyAt = ask.company !== undefined ? offset + (ask.contact !== undefined ? 3 : 1) : -1;
  const message = 'The task must be in a group of the contact or company it is made from.';
  if (contactAt >= 0 && e.failedAt(contactAt))
    throw new ValidationError({ contact: `${CONTACT_MESSAGES.contactNotFound}. ${message}` });
  if (companyAt >= 0 && e.failedAt(companyAt))
    throw new ValidationError({ company: `${CONTACT_MESSAGES.companyNotFound}. ${message}` });
}

/** How many items taskLinkWrites puts before the task's own. */
export const linkCount = (ask: TaskLinkAsk) =>
  (ask.contact !== undefined ? 2 : 0) + (ask.company !== undefined ? 2 : 0);
