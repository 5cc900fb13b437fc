/**
 * The contact and company forms' rules (spec 001 §3, §4, §5), pure so they are tested without a
 * browser: repeatable e-mails, phones and addresses (blank rows dropped on save: an e-mail or phone
 * with a blank value, an address with both street and city blank), the default label 'Work', the
 * primary group defaulting to the group named 'Private', and a link's colour defaulting to '#9747FF'.
 */

export const DEFAULT_LABEL = 'Work';
export const DEFAULT_LINK_COLOR = '#9747FF';
export const FALLBACK_PRIMARY_GROUP_TITLE = 'Private';
export const LABELS = ['Work', 'Home', 'Mobile', 'Other'] as const;

export interface EmailRow {
  /** Kept for an existing row (its id on the server); absent for a new one. */
  id?: string;
  /** The form's own key for the row (React), never sent. */
  key?: string;
  value: string;
  label: string;
}
export type PhoneRow = EmailRow;
export interface AddressRow {
  id?: string;
  key?: string;
  label: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  title: string;
  companyId: string | null;
  emails: EmailRow[];
  phones: PhoneRow[];
  addresses: AddressRow[];
  primaryGroupId: string | null;
  secondaryGroupIds: string[];
}

let rowKeys = 0;
const rowKey = () => `row-${++rowKeys}`;

export const blankEmail = (): EmailRow => ({ key: rowKey(), value: '', label: DEFAULT_LABEL });
export const blankPhone = (): PhoneRow => ({ key: rowKey(), value: '', label: DEFAULT_LABEL });
export const blankAddress = (): AddressRow => ({
  key: rowKey(),
  label: DEFAULT_LABEL,
  street: '',
  city: '',
  state: '',
  zip: '',
  country: '',
});

export interface GroupChoice {
  id: string;
  title: string;
  color?: string | null;
}

/** The primary group a new contact starts with: the group named 'Private', else the first one. */
export function defaultPrimaryGroup(groups: readonly GroupChoice[]): string | null {
  const priv = groups.find(
    (g) => g.title.trim().toLowerCase() === FALLBACK_PRIMARY_GROUP_TITLE.toLowerCase(),
  );
  return priv?.id ?? groups[0]?.id ?? null;
}

/** A group link's chip colour: the group's, else '#9747FF'. */
export const linkColor = (color: string | null | undefined): string =>
  color && /^#[0-9a-f]{3,8}$/i.test(color.trim()) ? color.trim() : DEFAULT_LINK_COLOR;

export function emptyContactValues(groups: readonly GroupChoice[]): ContactFormValues {
  return {
    firstName: '',
    lastName: '',
    title: '',
    companyId: null,
    emails: [blankEmail()],
    phones: [blankPhone()],
    addresses: [blankAddress()],
    primaryGroupId: defaultPrimaryGroup(groups),
    secondaryGroupIds: [],
  };
}

const clean = (s: string | null | undefined) => (s ?? '').trim();
const labelOf = (s: string | null | undefined) => clean(s) || DEFAULT_LABEL;

/** E-mails or phones as saved: blank values dropped, labels defaulted, values trimmed. */
export function keptValues(rows: readonly EmailRow[]): EmailRow[] {
  return rows
    .filter((r) => clean(r.value) !== '')
    .map((r) => ({ ...(r.id ? { id: r.id } : {}), value: clean(r.value), label: labelOf(r.label) }));
}

/** Addresses as saved: an address with both street and city blank is dropped. */
export function keptAddresses(rows: readonly AddressRow[]): AddressRow[] {
  return rows
    .filter((r) => clean(r.street) !== '' || clean(r.city) !== '')
    .map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      label: labelOf(r.label),
      street: clean(r.street),
      city: clean(r.city),
      state: clean(r.state),
      zip: clean(r.zip),
      country: clean(r.country),
    }));
}

/** The rows the server holds that the form no longer has: each is deleted on save. */
export function removedIds(
  before: ReadonlyArray<{ id?: string }>,
  after: ReadonlyArray<{ id?: string }>,
): string[] {
  const kept = new Set(after.map((r) => r.id).filter(Boolean));
  return before.map((r) => r.id).filter((id): id is string => !!id && !kept.has(id));
}

/** Secondary groups never repeat the primary. */
export const secondaryWithout = (primary: string | null, secondary: readonly string[]): string[] =>
  [...new Set(secondary)].filter((g) => g !== primary);

/** The group links of a save: the primary first (is_primary), then the secondaries. */
export function groupLinks(primary: string | null, secondary: readonly string[]) {
  return [
    ...(primary ? [{ id: primary, isPrimary: true }] : []),
    ...secondaryWithout(primary, secondary).map((id) => ({ id, isPrimary: false })),
  ];
}

/** Changing groups deletes the removed links and creates the new ones (spec 001 §4). */
export function groupLinkChanges(
  links: ReadonlyArray<{ id: string; groupId: string; isPrimary: boolean }>,
  primary: string | null,
  secondary: readonly string[],
) {
  const wanted = groupLinks(primary, secondary);
  const same = (l: { groupId: string; isPrimary: boolean }) =>
    wanted.some((w) => w.id === l.groupId && w.isPrimary === l.isPrimary);
  return {
    remove: links.filter((l) => !same(l)).map((l) => l.id),
    add: wanted.filter((w) => !links.some((l) => l.groupId === w.id && l.isPrimary === w.isPrimary)),
  };
}

/** The name a list shows; a contact with neither name shows its first e-mail. */
export function displayName(c: {
  firstName?: string;
  lastName?: string;
  emails?: ReadonlyArray<{ value: string }>;
}) {
  const name = [clean(c.firstName), clean(c.lastName)].filter(Boolean).join(' ');
  return name || c.emails?.[0]?.value || '';
}
