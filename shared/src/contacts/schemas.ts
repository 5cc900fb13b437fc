/**
 * The contacts and companies calls' input (spec 001 §7), camelCase as the handlers see it (the wire
 * is snake_case: contact_email, job_title, is_primary…). Blank e-mails and phones, and addresses
 * with street and city both blank, are dropped on save (§5); repeatable fields are bounded before
 * anything else (a contact with 1,000 e-mails is refused whole).
 */

import * as z from 'zod/mini';
import { patchOf } from '../api/patch.ts';
import { descriptionDocInput } from '../editor/schema.ts';
import { companyIdField } from './company-id.ts';
import { BULK_ACTIONS } from './roles.ts';
import {
  COMPANY_ORDERINGS,
  CONTACT_MESSAGES,
  CONTACT_ORDERINGS,
  CONTACT_RULES,
  DEFAULT_LABEL,
  parseOrdering,
} from './rules.ts';

const R = CONTACT_RULES;
const M = CONTACT_MESSAGES;

const text = (max: number) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.trim()),
    ),
    z.string().check(z.maxLength(max)),
  );
const optText = (max: number) => z._default(text(max), '');
const label = z.pipe(
  z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((s) => s?.trim() || DEFAULT_LABEL),
  ),
  z.string().check(z.maxLength(R.maxLabel)),
);
/** Sub-item ids as the server gave them (kept on edit); new rows have none. */
const subId = z.optional(z.string().check(z.minLength(1), z.maxLength(120)));

export const contactEmailInput = z.strictObject({ id: subId, value: optText(R.maxValue), label });
export const contactPhoneInput = z.strictObject({ id: subId, value: optText(R.maxValue), label });
export const contactAddressInput = z.strictObject({
  id: subId,
  label,
  street: optText(R.maxValue),
  city: optText(R.maxName),
  state: optText(R.maxName),
  zip: optText(40),
  country: optText(R.maxName),
});
export type ContactEmailInput = z.infer<typeof contactEmailInput>;
export type ContactPhoneInput = z.infer<typeof contactPhoneInput>;
export type ContactAddressInput = z.infer<typeof contactAddressInput>;

/** A bounded list (checked before anything is dropped), then the kept rows. */
function rows<T extends z.ZodMiniType>(
  row: T,
  max: number,
  message: string,
  keep: (r: z.output<T>) => boolean,
) {
  return z._default(
    z.pipe(
      z.array(row).check(z.maxLength(max, { error: message })),
      z.transform((list) => list.filter(keep)),
    ),
    [],
  );
}

const emails = rows(contactEmailInput, R.maxEmails, M.tooManyEmails, (e) => e.value !== '');
const phones = rows(contactPhoneInput, R.maxPhones, M.tooManyPhones, (p) => p.value !== '');
const addresses = rows(
  contactAddressInput,
  R.maxAddresses,
  M.tooManyAddresses,
  (a) => a.street !== '' || a.city !== '',
);

/** One group link of a create or edit: `{id, is_primary}` (id: the group's id). */
export const groupLinkInput = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  isPrimary: z._default(z.boolean(), false),
});
export type GroupLinkInput = z.infer<typeof groupLinkInput>;

const groupLinks = z._default(
  z.array(groupLinkInput).check(
    z.maxLength(R.maxGroups, { error: M.tooManyGroups }),
    z.refine((gs) => gs.filter((g) => g.isPrimary).length <= 1, M.onePrimary),
    z.refine((gs) => new Set(gs.map((g) => g.id)).size === gs.length, M.duplicateGroup),
  ),
  [],
);

/** contact_company: the company (its id), the job title and department, the association's id. */
export const contactCompanyInput = z.strictObject({
  company: z.optional(z.nullable(companyIdField)),
  jobTitle: optText(R.maxName),
  department: optText(R.maxName),
  id: z.optional(z.nullable(z.union([z.string().check(z.maxLength(120)), z.number()]))),
});

/** POST /contact/. */
export const createContactInput = z
  .strictObject({
    firstName: optText(R.maxName),
    lastName: optText(R.maxName),
    notes: z.optional(text(R.maxNotes)),
    /** The notes in the rich-text editor (Lexical JSON); the plain `notes` is made from it (D62). */
    notesDoc: z.optional(z.nullable(descriptionDocInput)),
    contactEmail: emails,
    contactPhone: phones,
    contactAddress: addresses,
    contactCompany: z.optional(z.nullable(contactCompanyInput)),
    group: groupLinks,
  })
  .check(
    z.refine((c) => c.firstName !== '' || c.lastName !== '', { error: M.blankName, path: ['firstName'] }),
  );
export type CreateContactInput = z.output<typeof createContactInput>;

/** PATCH /contact/{id}: absent fields unchanged; a list given replaces the list. */
export const updateContactInput = patchOf(
  z.strictObject({
    firstName: optText(R.maxName),
    lastName: optText(R.maxName),
    notes: text(R.maxNotes),
    notesDoc: z.nullable(descriptionDocInput),
    contactEmail: emails,
    contactPhone: phones,
    contactAddress: addresses,
    /** Field by field: a job title alone keeps the company and the department. */
    contactCompany: z.nullable(patchOf(contactCompanyInput)),
    group: groupLinks,
  }),
);
export type UpdateContactInput = z.output<typeof updateContactInput>;

/** POST /contact/company (spec 001 §7). */
export const createCompanyInput = z.strictObject({
  name: z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.trim()),
    ),
    z.string().check(z.minLength(1, { error: M.blankCompanyName }), z.maxLength(R.maxName)),
  ),
  address1: optText(R.maxValue),
  address2: optText(R.maxValue),
  phone: optText(R.maxValue),
  cell: optText(R.maxValue),
  city: optText(R.maxName),
  zip: optText(40),
  state: optText(R.maxName),
  country: optText(R.maxName),
  group: groupLinks,
});
export type CreateCompanyInput = z.output<typeof createCompanyInput>;
export const updateCompanyInput = patchOf(createCompanyInput);
export type UpdateCompanyInput = z.output<typeof updateCompanyInput>;

const pageFields = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(R.maxPageSize)), R.pageSize),
  /** The `next` link's cursor: reads on from where the last page stopped. */
  cursor: z.optional(z.string().check(z.maxLength(2000))),
};

const orderingOf = <F extends string>(allowed: readonly F[], fallback: F) =>
  z.pipe(
    z._default(z.string().check(z.maxLength(40)), fallback),
    z.transform((v, ctx) => {
      const o = parseOrdering(v, allowed);
      if (!o) {
        ctx.issues.push({ code: 'custom', message: M.orderingUnknown, input: v });
        return z.NEVER;
      }
      return o;
    }),
  );

const groupList = z.pipe(
  z.optional(z.string().check(z.maxLength(64 * R.maxListGroups + R.maxListGroups))),
  z.transform((v, ctx) => {
    const ids = [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > R.maxListGroups) {
      ctx.issues.push({ code: 'custom', message: M.tooManyGroups, input: v });
      return z.NEVER;
    }
    return ids;
  }),
);

/** GET /contact/?page&page_size&ordering&group (group: one id, or several comma-separated). */
export const contactListQuery = z.object({
  ...pageFields,
  ordering: orderingOf(CONTACT_ORDERINGS, 'firstName'),
  group: groupList,
});
export type ContactListQuery = z.output<typeof contactListQuery>;

/** GET /contact/company/?page&page_size&ordering&group and /contact/company/group?group=a,b. */
export const companyListQuery = z.object({
  ...pageFields,
  ordering: orderingOf(COMPANY_ORDERINGS, 'name'),
  group: groupList,
});
export type CompanyListQuery = z.output<typeof companyListQuery>;

/** GET /contact/search?q= (ours): by name, e-mail or phone, in the caller's groups. */
export const contactSearchQuery = z.object({
  q: z
    .pipe(
      z.string(),
      z.transform((s) => s.trim()),
    )
    .check(z.minLength(1), z.maxLength(R.maxSearch)),
  group: groupList,
});
export type ContactSearchQuery = z.output<typeof contactSearchQuery>;

/** A page of a contact's or company's tasks. */
export const linkedTasksQuery = z.object({ ...pageFields });

const entityIdList = (max: number, message: string) =>
  z
    .array(z.union([z.string().check(z.minLength(1), z.maxLength(64)), z.number()]))
    .check(z.minLength(1), z.maxLength(max, { error: message }));

/** POST /contacts/bulk/ and /companies/bulk/: the action and the ids (bounded). */
export const bulkInput = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  ids: entityIdList(R.maxBulkIds, M.tooManyIds),
  /** move and copy: the group the items go to. */
  group: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type BulkInput = z.output<typeof bulkInput>;

/** PUT /contact/{id}: merge the contacts `merge_ids` into this one (they are deleted). */
export const mergeContactsInput = z.strictObject({
  mergeIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1), z.maxLength(R.maxMergeIds, { error: M.tooManyMerge })),
});
export type MergeContactsInput = z.output<typeof mergeContactsInput>;

/** POST /contact/group {contact, group, is_primary}. */
export const contactGroupLinkInput = z.strictObject({
  contact: z.string().check(z.minLength(1), z.maxLength(64)),
  group: z.string().check(z.minLength(1), z.maxLength(64)),
  isPrimary: z._default(z.boolean(), false),
});
/** POST /contact/company/group {company, group, is_primary}. */
export const companyGroupLinkInput = z.strictObject({
  company: companyIdField,
  group: z.string().check(z.minLength(1), z.maxLength(64)),
  isPrimary: z._default(z.boolean(), false),
});

/** POST /tasks/associate/ {contact or company, tasks}. */
export const associateTasksInput = z
  .strictObject({
    contact: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    company: z.optional(companyIdField),
    tasks: z
      .array(z.string().check(z.minLength(1), z.maxLength(64)))
      .check(z.minLength(1), z.maxLength(R.maxAssociate)),
  })
  .check(z.refine((b) => (b.contact === undefined) !== (b.company === undefined), M.contactOrCompany));
export type AssociateTasksInput = z.output<typeof associateTasksInput>;

export { companyIdField };
