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

/** The most words of a company's name a search can start at. */
const MAX_NAME_WORDS = 10;

/**
 * Search tokens of a company (decisions D63): its name from the start of each of its first words (so
 * 'acme', 'rocket w' and 'works' all find 'Acme Rocket Works'), its phone's and cell's digits.
 */
export function companyTokensOf(c: { name: string; phone?: string; cell?: string }): string[] {
  const t = new Set<string>();
  const words = normaliseName(c.name).split(' ').filter(Boolean);
  for (let i = 0; i < Math.min(words.length, MAX_NAME_WORDS); i++)
    t.add(`n:${words.slice(i).join(' ')}`.slice(0, 200));
  for (const p of [c.phone ?? '', c.cell ?? '']) {
    const d = phoneDigits(p);
    if (d) t.add(`p:${d}`.slice(0, 200));
  }
  return [...t];
}

/**
 * The token partition of a kind in a group: contacts' tokens are under the group's id, companies'
 * under `<groupId>#company` (their own partition: a contact search never reads a company's tokens).
 */
export const searchScope = (kind: Kind, groupId: string) =>
  kind === 'contact' ? groupId : `${groupId}#company`;

/** The search items of a contact (or, with kind 'company', a company) in its groups. */
export const searchItems = (
  itemId: string,
  groups: readonly StoredLink[],
  tokens: readonly string[],
  kind: Kind = 'contact',
) => groups.flatMap((g) => tokens.map((token) => ({ groupId: searchScope(kind, g.groupId), token, itemId })));

/**
 * The search prefixes of what a person typed: the normalised name; an e-mail's (contacts only);
 * the digits when it reads as a phone number (3 digits at least).
 */
export function searchPrefixes(typed: string, kind: Kind): string[] {
  const raw = typed.trim();
  const prefixes = new Set<string>();
  const name = normaliseName(raw);
  if (name) prefixes.add(`n:${name}`);
  if (kind === 'contact' && (raw.includes('@') || /^[\w.+-]+$/.test(raw)))
    prefixes.add(`e:${raw.toLowerCase()}`);
  const digits = phoneDigits(raw);
  if (digits.length >= 3 && digits.length >= raw.replace(/[\s()+.-]/g, '').length)
    prefixes.add(`p:${digits}`);
  return [...prefixes];
}

/**
 * Ids whose tokens begin with one of the prefixes, in the groups: one Query per group and prefix
 * (`begins_with`, at most `limit` each), never a scan. Hints only: the caller checks each item.
 */
export async function idsByTokens(
  kind: Kind,
  groupIds: readonly string[],
  prefixes: readonly string[],
  limit: number,
): Promise<string[]> {
  const hits = new Set<string>();
  await Promise.all(
    groupIds.flatMap((groupId) =>
      prefixes.map(async (token) => {
        const r = await ContactSearchEntity.query
          .byToken({ groupId: searchScope(kind, groupId) })
          .begins({ token })
          .go({ limit });
        for (const s of r.data) hits.add(s.itemId);
      }),
    ),
  );
  return [...hits];
}

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
