/**
 * The Pending tab (spec 001 §2): invitations grouped by who asked (the manager), pure for tests
 * (web/test/delegation-pending.test.ts).
 */
import type { PendingInvitation } from '../api/pending.ts';

export interface InviterGroup {
  /** The inviter's user id, or their e-mail when the id is missing. */
  key: string;
  name: string;
  email: string;
  items: PendingInvitation[];
}

/** Only a pending invitation can be answered; an expired one stays listed, marked, until it goes. */
export const isAnswerable = (inv: Pick<PendingInvitation, 'status'>) => inv.status === 'pending';

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * Groups by inviter, named by name (else e-mail), in name order; inside a group the open ones first,
 * then by due date (undated last), then by title.
 */
export function groupByInviter(list: readonly PendingInvitation[]): InviterGroup[] {
  const groups = new Map<string, InviterGroup>();
  for (const inv of list) {
    const key = inv.inviter.id || inv.inviter.email.toLowerCase();
    const g = groups.get(key) ?? { key, name: inv.inviter.name, email: inv.inviter.email, items: [] };
    g.items.push(inv);
    groups.set(key, g);
  }
  const order = (a: PendingInvitation, b: PendingInvitation) =>
    Number(isAnswerable(b)) - Number(isAnswerable(a)) ||
    (a.task.dueAt ?? '\uffff').localeCompare(b.task.dueAt ?? '\uffff') ||
    byText(a.task.title, b.task.title);
  return [...groups.values()]
    .map((g) => ({ ...g, items: [...g.items].sort(order) }))
    .sort((a, b) => byText(a.name || a.email, b.name || b.email));
}

/** The ids Accept all and Decline all answer: every invitation that can still be answered. */
export const answerableIds = (list: readonly PendingInvitation[]): string[] =>
  list.filter(isAnswerable).map((i) => i.id);
