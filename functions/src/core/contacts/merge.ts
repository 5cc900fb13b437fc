/**
 * Merge (PUT /contact/{id} {merge_ids}): the kept contact takes the e-mails, phones, addresses and
 * task links of the others, which are deleted — all in ONE transaction, refused with a clear 400
 * when it would need more than 100 actions. The caller needs `merge` in every group of every
 * contact involved (403 otherwise; 404 for a contact they cannot see).
 */
import { CONTACT_MESSAGES, CONTACT_RULES } from '@tandem/shared/contacts/rules';
import type { ContactView } from '@tandem/shared/contacts/views';
import { getItems, item } from '../../db/batch-get.ts';
import { ContactEntity } from '../../db/entities/contact.ts';
import { transactContacts as transact } from '../../db/entities/contact-entities.ts';
import { ContactTaskEntity } from '../../db/entities/contact-list.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireAction, requireVisible, rolesIn } from './access.ts';
import { type ContactRecord, companiesThatExist, contactView } from './contacts.ts';
import { listKey, searchItems, syncTokens, tokensOf } from './store.ts';

type TaskLink = StoredItem<typeof ContactTaskEntity>;
const M = CONTACT_MESSAGES;

/** Rows of the others not already on the kept contact (same value), with new ids. */
function mergeRows<T extends { id: string }>(
  keptId: string,
  kept: readonly T[],
  others: readonly T[],
  same: (r: T) => string,
  seq: { n: number },
): T[] {
  const have = new Set(kept.map(same));
  const out = [...kept];
  for (const r of others) {
    const k = same(r);
    if (have.has(k)) continue;
    have.add(k);
    out.push({ ...r, id: `${keptId}~${++seq.n}` });
  }
  return out;
}

export async function mergeContacts(
  actor: Actor,
  keptId: string,
  mergeIds: readonly string[],
): Promise<ContactView> {
  const ids = [...new Set(mergeIds)];
  if (ids.includes(keptId)) throw new ValidationError({ merge_ids: M.mergeSelf });
  const all = await getItems(
    [keptId, ...ids].map((contactId) => item<ContactRecord>(ContactEntity, { contactId })),
  );
  const kept = all[0];
  if (!kept) throw new NotFoundError(M.contactNotFoundForUpdate);
  const roles = await rolesIn(
    actor,
    all.flatMap((c) => c?.groups.map((g) => g.groupId) ?? []),
  );
  requireVisible(kept.groups, roles, M.contactNotFoundForUpdate);
  const others = all.slice(1);
  for (const o of others) {
    if (!o) throw new NotFoundError(M.contactNotFound);
    requireVisible(o.groups, roles, M.contactNotFound);
  }
  const gone = others as ContactRecord[];
  // A merge across a group the caller cannot merge in (edit) is refused whole.
  for (const c of [kept, ...gone]) requireAction(c.groups, roles, 'merge', false);

  // Task links: the others' (bounded by what one transaction holds) and which the kept one has.
  const room = CONTACT_RULES.maxTransactionActions;
  const theirLinks = await Promise.all(
    gone.map(
      async (o) =>
        (
          await ContactTaskEntity.query
            .byItem({ kind: 'contact', itemId: o.contactId })
            .go({ limit: room + 1 })
        ).data as TaskLink[],
    ),
  );
  const linkTasks = [...new Set(theirLinks.flat().map((l) => l.taskId))];
  const keptHas = new Set(
    (
      await getItems(
        linkTasks.map((taskId) =>
          item<TaskLink>(ContactTaskEntity, { kind: 'contact', itemId: keptId, taskId }),
        ),
      )
    )
      .filter((l): l is TaskLink => l !== null)
      .map((l) => l.taskId),
  );
  const moved = linkTasks.filter((t) => !keptHas.has(t));

  const seq = { n: kept.seq };
  const emails = mergeRows(
    keptId,
    kept.emails,
    gone.flatMap((o) => o.emails),
    (r) => r.value.toLowerCase(),
    seq,
  );
  const phones = mergeRows(
    keptId,
    kept.phones,
    gone.flatMap((o) => o.phones),
    (r) => r.value.replace(/\D+/g, ''),
    seq,
  );
  const addresses = mergeRows(
    keptId,
    kept.addresses,
    gone.flatMap((o) => o.addresses),
    (r) => [r.street, r.city, r.state, r.zip, r.country].join('\u0000').toLowerCase(),
    seq,
  );
  if (
    emails.length > CONTACT_RULES.maxEmails ||
    phones.length > CONTACT_RULES.maxPhones ||
    addresses.length > CONTACT_RULES.maxAddresses
  ) {
    throw new ValidationError({ merge_ids: M.mergeTooBig }, M.mergeTooBig);
  }
  // Company counts: the deleted contacts' companies lose one; the kept one takes a company if it has none.
  const company = kept.company ?? gone.find((o) => o.company)?.company ?? null;
  const delta = new Map<number, number>();
  for (const o of gone)
    if (o.company) delta.set(o.company.companyId, (delta.get(o.company.companyId) ?? 0) - 1);
  if (!kept.company && company) delta.set(company.companyId, (delta.get(company.companyId) ?? 0) + 1);
  const live = await companiesThatExist([...delta.keys()]);
  const companyWrites = [...delta].filter(([id, d]) => d !== 0 && live.has(id));

  const oldLinks = theirLinks.flat();
  const actions =
    1 +
    gone.length +
    gone.reduce((n, o) => n + o.groups.length, 0) +
    oldLinks.length +
    moved.length +
    companyWrites.length;
  if (actions > room) throw new ValidationError({ merge_ids: M.mergeTooBig }, M.mergeTooBig);

  const now = new Date().toISOString();
  const after: ContactRecord = {
    ...kept,
    emails,
    phones,
    addresses,
    company,
    taskCount: kept.taskCount + moved.length,
    seq: seq.n,
    modifiedAt: now,
  };
  try {
    await transact(({ contact, contactList, contactTask, company: companies }) => [
      contact
        .put({ ...after, groupIds: after.groups.map((g) => g.groupId) })
        .where((a, op) => op.eq(a.modifiedAt, kept.modifiedAt))
        .commit(),
      ...gone.map((o) =>
        contact
          .delete({ contactId: o.contactId })
          .where((a, op) => op.eq(a.modifiedAt, o.modifiedAt))
          .commit(),
      ),
      ...gone.flatMap((o) =>
        o.groups.map((g) =>
          contactList
            .delete(listKey('contact', { itemId: o.contactId, createdAt: o.createdAt }, g.groupId))
            .commit(),
        ),
      ),
      ...oldLinks.map((l) =>
        contactTask.delete({ kind: 'contact', itemId: l.itemId, taskId: l.taskId }).commit(),
      ),
      ...moved.map((taskId) =>
        contactTask.put({ kind: 'contact', itemId: keptId, taskId, linkedAt: now }).commit(),
      ),
      ...companyWrites.map(([id, d]) =>
        companies
          .patch({ companyId: String(id) })
          .add({ contactCount: d })
          .commit(),
      ),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.lostRace()) {
      throw new ConflictError(
        'One of these contacts was changed elsewhere meanwhile. Please reload and try again.',
      );
    }
    throw e;
  }
  await syncTokens(
    [kept, ...gone].flatMap((c) => searchItems(c.contactId, c.groups, tokensOf(c))),
    searchItems(keptId, after.groups, tokensOf(after)),
  );
  return contactView(after, roles);
}
