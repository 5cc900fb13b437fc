/**
 * The items that go with a contact or company besides itself: its list items (one per group) and
 * its search tokens (one per group and token), written beside every change.
 */
import { normaliseName, phoneDigits } from '@tandem/shared/contacts/rules';
import { ContactListEntity, ContactSearchEntity } from '../../db/entities/contact-list.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS } from '../../db/transact.ts';
import type { StoredLink } from './access.ts';

export type Kind = 'contact' | 'company';

export interface Listed {
  itemId: string;
  createdAt: string;
  name1: string;
  name2: string;
  groups: StoredLink[];
}

/** The list items of an item: one per group it is linked to. */
export const listItems = (kind: Kind, x: Listed) =>
  x.groups.map((g) => ({
    groupId: g.groupId,
    kind,
    itemId: x.itemId,
    createdAt: x.createdAt,
    name1: normaliseName(x.name1),
    name2: normaliseName(x.name2),
  }));

export const listKey = (kind: Kind, x: Pick<Listed, 'itemId' | 'createdAt'>, groupId: string) => ({
  groupId,
  kind,
  createdAt: x.createdAt,
  itemId: x.itemId,
});

/** Search tokens of a contact: names, e-mails, phone digits, normalised, each once. */
export function tokensOf(c: {
  firstName: string;
  lastName: string;
  emails: ReadonlyArray<{ value: string }>;
  phones: ReadonlyArray<{ value: string }>;
}): string[] {
  const t = new Set<string>();
  for (const n of [c.firstName, c.lastName, `${c.firstName} ${c.lastName}`]) {
    const v = normaliseName(n);
    if (v) t.add(`n:${v}`.slice(0, 200));
  }
  for (const e of c.emails) if (e.value) t.add(`e:${e.value.toLowerCase()}`.slice(0, 200));
  for (const p of c.phones) {
    const d = phoneDigits(p.value);
    if (d) t.add(`p:${d}`.slice(0, 200));
  }
  return [...t];
}

/** The search items of a contact in its groups. */
export const searchItems = (itemId: string, groups: readonly StoredLink[], tokens: readonly string[]) =>
  groups.flatMap((g) => tokens.map((token) => ({ groupId: g.groupId, token, itemId })));

const keyOf = (s: { groupId: string; token: string; itemId: string }) =>
  `${s.groupId}\u0000${s.token}\u0000${s.itemId}`;

/**
 * Brings the search tokens from `before` to `after` (BatchWriteItem, after the item's own write):
 * tokens are hints that a search checks against the contact, so one left behind by a failure
 * here finds nothing wrong, and the next save rewrites them.
 */
export async function syncTokens(
  before: ReadonlyArray<{ groupId: string; token: string; itemId: string }>,
  after: ReadonlyArray<{ groupId: string; token: string; itemId: string }>,
) {
  const keep = new Set(after.map(keyOf));
  const had = new Set(before.map(keyOf));
  const gone = before.filter((s) => !keep.has(keyOf(s)));
  const added = after.filter((s) => !had.has(keyOf(s)));
  for (const b of chunks(gone, MAX_BATCH_WRITE_ITEMS)) await ContactSearchEntity.delete(b).go();
  for (const b of chunks(added, MAX_BATCH_WRITE_ITEMS)) await ContactSearchEntity.put(b).go();
}

export { ContactListEntity };
