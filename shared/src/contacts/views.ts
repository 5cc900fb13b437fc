/** What the contacts and companies calls answer (camelCase inside; snake_case on the wire). */

export interface ContactEmailView {
  id: string;
  value: string;
  label: string;
}
export type ContactPhoneView = ContactEmailView;
export interface ContactAddressView {
  id: string;
  label: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** A group link (spec 001 §3): its id, primary or not, the group and its title, icon and colour. */
export interface GroupLinkView {
  id: string;
  isPrimary: boolean;
  group: string;
  groupTitle: string;
  metadata: { icon: string; color: string };
}

export interface ContactView {
  id: string;
  firstName: string;
  lastName: string;
  emails: ContactEmailView[];
  phones: ContactPhoneView[];
  addresses: ContactAddressView[];
  companyId: number | null;
  companyAssociationId: string | null;
  companyName: string;
  title: string;
  department: string;
  notes: string;
  /** The notes as a rich-text document (Lexical JSON), when written in the editor; null when plain. */
  notesDoc: string | null;
  groups: GroupLinkView[];
  primaryGroupId: string;
  secondaryGroupIds: string[];
  taskCount: number;
  createdBy: string;
  createdAt: string;
  modifiedAt: string;
}

export interface CompanyView {
  id: number;
  name: string;
  phone: string;
  cell: string;
  address: { street: string; street2: string; city: string; state: string; zip: string; country: string };
  groups: GroupLinkView[];
  primaryGroupId: string;
  secondaryGroupIds: string[];
  taskCount: number;
  contactCount: number;
  createdBy: string;
  createdAt: string;
  modifiedAt: string;
}

/** Lists answer `{ count, next, previous, results }` (ARCHITECTURE §5). */
export interface ContactPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** POST /contacts/bulk/ and /companies/bulk/. */
export interface BulkResult {
  action: string;
  done: string[];
}

/** A task of a contact or company (GET /contact/task/{id}, /contact/company/task/{id}). */
export interface LinkedTaskView {
  id: string;
  title: string;
  status: number;
  mode: string;
  group: string;
  dueAt: string | null;
  createdAt: string;
  linkedAt: string;
}

/** POST /tasks/associate/: the tasks now linked. */
export interface AssociateResult {
  linked: string[];
}
