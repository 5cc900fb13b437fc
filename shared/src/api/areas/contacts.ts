/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Contacts (spec 001 §7 "Contacts"; docs/api/contacts.md)
export const listContacts = {
  method: 'GET',
  path: '/contact/',
  auth: 'user',
  handler: 'contacts/list-contacts',
} as const satisfies RouteDef;
export const createContact = {
  method: 'POST',
  path: '/contact/',
  auth: 'user',
  handler: 'contacts/create-contact',
} as const satisfies RouteDef;
/** Ours: contacts by name, e-mail or phone in the caller's groups, without scans. */
export const searchContacts = {
  method: 'GET',
  path: '/contact/search',
  auth: 'user',
  handler: 'contacts/search-contacts',
} as const satisfies RouteDef;
export const getContact = {
  method: 'GET',
  path: '/contact/{id}',
  auth: 'user',
  handler: 'contacts/get-contact',
} as const satisfies RouteDef;
export const updateContact = {
  method: 'PATCH',
  path: '/contact/{id}',
  auth: 'user',
  handler: 'contacts/update-contact',
} as const satisfies RouteDef;
/** Merge (spec 001 §7): `merge_ids` are merged into this contact and deleted, in one transaction. */
export const mergeContacts = {
  method: 'PUT',
  path: '/contact/{id}',
  auth: 'user',
  handler: 'contacts/merge-contacts',
} as const satisfies RouteDef;
export const deleteContact = {
  method: 'DELETE',
  path: '/contact/{id}',
  auth: 'user',
  handler: 'contacts/delete-contact',
} as const satisfies RouteDef;
export const deleteContactEmail = {
  method: 'DELETE',
  path: '/contact/email/{id}',
  auth: 'user',
  handler: 'contacts/delete-contact-email',
} as const satisfies RouteDef;
export const deleteContactPhone = {
  method: 'DELETE',
  path: '/contact/phone/{id}',
  auth: 'user',
  handler: 'contacts/delete-contact-phone',
} as const satisfies RouteDef;
export const deleteContactAddress = {
  method: 'DELETE',
  path: '/contact/address/{id}',
  auth: 'user',
  handler: 'contacts/delete-contact-address',
} as const satisfies RouteDef;
export const linkContactGroup = {
  method: 'POST',
  path: '/contact/group',
  auth: 'user',
  handler: 'contacts/link-contact-group',
} as const satisfies RouteDef;
export const unlinkContactGroup = {
  method: 'DELETE',
  path: '/contact/group/{id}',
  auth: 'user',
  handler: 'contacts/unlink-contact-group',
} as const satisfies RouteDef;
export const listContactTasks = {
  method: 'GET',
  path: '/contact/task/{id}',
  auth: 'user',
  handler: 'contacts/list-contact-tasks',
} as const satisfies RouteDef;
export const bulkContacts = {
  method: 'POST',
  path: '/contacts/bulk/',
  auth: 'user',
  handler: 'contacts/bulk-contacts',
} as const satisfies RouteDef;
// Companies (spec 001 §7 "Companies"; docs/api/contacts.md)
export const listCompanies = {
  method: 'GET',
  path: '/contact/company/',
  auth: 'user',
  handler: 'contacts/list-companies',
} as const satisfies RouteDef;
export const listCompaniesByGroup = {
  method: 'GET',
  path: '/contact/company/group',
  auth: 'user',
  handler: 'contacts/list-companies-by-group',
} as const satisfies RouteDef;
export const createCompany = {
  method: 'POST',
  path: '/contact/company',
  auth: 'user',
  handler: 'contacts/create-company',
} as const satisfies RouteDef;
export const getCompany = {
  method: 'GET',
  path: '/contact/company/{id}',
  auth: 'user',
  handler: 'contacts/get-company',
} as const satisfies RouteDef;
export const updateCompany = {
  method: 'PATCH',
  path: '/contact/company/{id}',
  auth: 'user',
  handler: 'contacts/update-company',
} as const satisfies RouteDef;
export const deleteCompany = {
  method: 'DELETE',
  path: '/contact/company/{id}',
  auth: 'user',
  handler: 'contacts/delete-company',
} as const satisfies RouteDef;
export const linkCompanyGroup = {
  method: 'POST',
  path: '/contact/company/group',
  auth: 'user',
  handler: 'contacts/link-company-group',
} as const satisfies RouteDef;
export const unlinkCompanyGroup = {
  method: 'DELETE',
  path: '/contact/company/group/{id}',
  auth: 'user',
  handler: 'contacts/unlink-company-group',
} as const satisfies RouteDef;
export const listCompanyTasks = {
  method: 'GET',
  path: '/contact/company/task/{id}',
  auth: 'user',
  handler: 'contacts/list-company-tasks',
} as const satisfies RouteDef;
export const bulkCompanies = {
  method: 'POST',
  path: '/companies/bulk/',
  auth: 'user',
  handler: 'contacts/bulk-companies',
} as const satisfies RouteDef;
/** Spec 001 §7: links existing tasks the caller can see to a contact or a company. */
export const associateTasks = {
  method: 'POST',
  path: '/tasks/associate/',
  auth: 'user',
  handler: 'contacts/associate-tasks',
} as const satisfies RouteDef;
/** Ours (decisions D63): companies by name, a word of it, phone or cell in the caller's groups, without scans. */
export const searchCompanies = {
  method: 'GET',
  path: '/contact/company/search',
  auth: 'user',
  handler: 'contacts/search-companies',
} as const satisfies RouteDef;
