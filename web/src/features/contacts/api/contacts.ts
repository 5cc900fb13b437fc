/**
 * The contacts and companies calls (spec 001 §7; docs/api/contacts.md). SWR keys start with
 * 'contacts' (lists, one contact or company, their tasks, search), so one revalidation refreshes
 * every view a change may have touched. Lists are paged by 50 (spec 001 §9) and read on through
 * the answer's `next` link.
 */

import * as contactsRoutes from '@tandem/shared/api/areas/contacts';
import * as routes from '@tandem/shared/api/route-defs';
import type { BulkAction } from '@tandem/shared/contacts/roles';
import { CONTACT_RULES } from '@tandem/shared/contacts/rules';
import type {
  CreateCompanyInput,
  CreateContactInput,
  UpdateCompanyInput,
  UpdateContactInput,
} from '@tandem/shared/contacts/schemas';
import type {
  BulkResult,
  CompanyView,
  ContactPage,
  ContactView,
  LinkedTaskView,
} from '@tandem/shared/contacts/views';
import type { TaskView } from '@tandem/shared/tasks/views';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { revalidateTasks } from '../../tasks/api/tasks.ts';

export type { CompanyView, ContactView };

export interface ListQuery {
  ordering: string;
  /** A group id, or none for every group the person is in. */
  group?: string;
  page: number;
  /** The `next` link's cursor that reads this page (absent for the first). */
  cursor?: string;
}

export const CONTACTS_HEAD = 'contacts';
export const contactListKey = (q: ListQuery) => [CONTACTS_HEAD, 'list', q] as const;
export const companyListKey = (q: ListQuery) => [CONTACTS_HEAD, 'companies', q] as const;
export const contactKey = (id: string) => [CONTACTS_HEAD, 'one', id] as const;
export const companyKey = (id: string) => [CONTACTS_HEAD, 'company', id] as const;
export const linkedTasksKey = (kind: 'contact' | 'company', id: string) =>
  [CONTACTS_HEAD, 'tasks', kind, id] as const;
export const searchKey = (q: string) => [CONTACTS_HEAD, 'search', q] as const;

/** Contacts and companies deleted or merged away here: never read again (a 404 would follow). */
const gone = new Set<string>();

/** Every contacts view read again (after a 100 ms pause, spec 001 §9, so the write has settled). */
export const revalidateContacts = () =>
  new Promise<void>((resolve) => setTimeout(resolve, 100)).then(() =>
    mutate(
      (key) =>
        Array.isArray(key) &&
        key[0] === CONTACTS_HEAD &&
        !((key[1] === 'one' || key[1] === 'company' || key[1] === 'tasks') && gone.has(String(key.at(-1)))),
    ),
  );

function forget(ids: readonly string[]) {
  for (const id of ids) gone.add(id);
}

/** These reads show their failure where the data would be (spec 001 §8), not as a toast too. */
const inline = { onError: () => undefined };

const listQuery = (q: ListQuery) => ({
  page: q.page,
  pageSize: CONTACT_RULES.pageSize,
  ordering: q.ordering,
  group: q.group || undefined,
  cursor: q.cursor,
});

/** The cursor in a `next` link (absolute or relative), if any. */
export function cursorOf(next: string | null): string | undefined {
  if (!next) return undefined;
  try {
    return new URL(next, 'http://x').searchParams.get('cursor') ?? undefined;
  } catch {
    return undefined;
  }
}

export const listContacts = (q: ListQuery) =>
  api<ContactPage<ContactView>>(contactsRoutes.listContacts, { query: listQuery(q) });
/** `enabled` false: not read (the other tab is showing). */
export const useContacts = (q: ListQuery, enabled = true) =>
  useSWR(enabled ? contactListKey(q) : null, () => listContacts(q), { ...inline, keepPreviousData: true });

export const listCompanies = (q: ListQuery) =>
  api<ContactPage<CompanyView>>(contactsRoutes.listCompanies, { query: listQuery(q) });
export const useCompanies = (q: ListQuery, enabled = true) =>
  useSWR(enabled ? companyListKey(q) : null, () => listCompanies(q), { ...inline, keepPreviousData: true });

/** Companies for the picker: the first page by name (50), narrowed as the person types. */
export const useCompanyChoices = () =>
  useSWR(companyListKey({ ordering: 'name', page: 1 }), () => listCompanies({ ordering: 'name', page: 1 }));

export const getContact = (id: string) => api<ContactView>(contactsRoutes.getContact, { params: { id } });
export const useContact = (id: string | null) =>
  useSWR(id ? contactKey(id) : null, () => getContact(id!), { ...inline, shouldRetryOnError: false });

export const getCompany = (id: string) => api<CompanyView>(contactsRoutes.getCompany, { params: { id } });
export const useCompany = (id: string | null) =>
  useSWR(id ? companyKey(id) : null, () => getCompany(id!), { ...inline, shouldRetryOnError: false });

/** GET /contact/search?q: by name, e-mail or phone. */
export const searchContacts = (q: string) =>
  api<ContactPage<ContactView>>(contactsRoutes.searchContacts, { query: { q } });
export const useContactSearch = (q: string) =>
  useSWR(q ? searchKey(q) : null, () => searchContacts(q), { keepPreviousData: true });

/** GET /contact/company/search?q: by name (from any word), phone or cell (decisions D63). */
export const searchCompanies = (q: string) =>
  api<ContactPage<CompanyView>>(contactsRoutes.searchCompanies, { query: { q } });
export const useCompanySearch = (q: string) =>
  useSWR(q ? [CONTACTS_HEAD, 'companySearch', q] : null, () => searchCompanies(q), {
    keepPreviousData: true,
  });

/** The wire bodies are camelCase here (api.ts sends them snake_case). */
export type ContactBody = Omit<CreateContactInput, 'contactCompany'> & {
  contactCompany?: {
    company: number | null;
    jobTitle: string;
    department: string;
    id?: string | null;
  } | null;
};

export async function createContact(body: ContactBody) {
  const c = await api<ContactView>(contactsRoutes.createContact, { body });
  void revalidateContacts();
  return c;
}
export async function updateContact(id: string, body: UpdateContactInput | ContactBody) {
  const c = await api<ContactView>(contactsRoutes.updateContact, { params: { id }, body });
  void revalidateContacts();
  return c;
}
export async function deleteContact(id: string) {
  await api(contactsRoutes.deleteContact, { params: { id } });
  forget([id]);
  void revalidateContacts();
}
/** Bulk delete, move or copy (`group`: where move and copy take the items). */
export async function bulkContacts(action: BulkAction, ids: string[], group?: string) {
  const r = await api<BulkResult>(contactsRoutes.bulkContacts, {
    body: { action, ids, ...(group ? { group } : {}) },
  });
  if (action === 'delete') forget(r.done);
  void revalidateContacts();
  return r;
}
/** Merge (spec 001 §7): the kept contact takes the others' details and task links; they are deleted. */
export async function mergeContacts(keep: string, others: string[]) {
  const c = await api<ContactView>(contactsRoutes.mergeContacts, {
    params: { id: keep },
    body: { mergeIds: others },
  });
  forget(others);
  void revalidateContacts();
  return c;
}

export async function createCompany(body: CreateCompanyInput) {
  const c = await api<CompanyView>(contactsRoutes.createCompany, { body });
  void revalidateContacts();
  return c;
}
export async function updateCompany(id: string, body: UpdateCompanyInput | CreateCompanyInput) {
  const c = await api<CompanyView>(contactsRoutes.updateCompany, { params: { id }, body });
  void revalidateContacts();
  return c;
}
export async function deleteCompany(id: string) {
  await api(contactsRoutes.deleteCompany, { params: { id } });
  forget([id]);
  void revalidateContacts();
}
export async function bulkCompanies(action: BulkAction, ids: string[], group?: string) {
  const r = await api<BulkResult>(contactsRoutes.bulkCompanies, {
    body: { action, ids, ...(group ? { group } : {}) },
  });
  if (action === 'delete') forget(r.done.map(String));
  void revalidateContacts();
  return r;
}

/** A contact's or company's tasks (GET /contact/task/{id}, /contact/company/task/{id}). */
export const listLinkedTasks = (kind: 'contact' | 'company', id: string) =>
  api<ContactPage<LinkedTaskView>>(
    kind === 'contact' ? contactsRoutes.listContactTasks : contactsRoutes.listCompanyTasks,
    {
      params: { id },
      query: { pageSize: CONTACT_RULES.pageSize },
    },
  );
export const useLinkedTasks = (kind: 'contact' | 'company', id: string) =>
  useSWR(linkedTasksKey(kind, id), () => listLinkedTasks(kind, id), inline);

/** POST /tasks/associate/: links existing tasks to the contact or the company. */
export async function associateTasks(kind: 'contact' | 'company', id: string, tasks: string[]) {
  await api(contactsRoutes.associateTasks, {
    body: kind === 'contact' ? { contact: id, tasks } : { company: Number(id), tasks },
  });
  void revalidateContacts();
  void revalidateTasks();
}

/** GET /tasks/search/?search: tasks to associate. */
export const searchTasks = (q: string) =>
  api<{ count: number; results: TaskView[] }>(routes.searchTasks, { query: { search: q } });
