import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CONTACT_ACTIONS,
  CONTACT_ROLE_TABLE,
  CONTACT_ROLES,
  can,
  canOnItem,
  contactRoleOf,
} from '../src/contacts/roles.ts';
import { CONTACT_RULES, contactTaskDefaults, normaliseName, parseOrdering } from '../src/contacts/rules.ts';
import {
  bulkInput,
  companyIdField,
  contactListQuery,
  createCompanyInput,
  createContactInput,
  mergeContactsInput,
  updateContactInput,
} from '../src/contacts/schemas.ts';
import { ROLES } from '../src/groups/roles.ts';
import { createTaskInput } from '../src/tasks/schemas.ts';

describe('the contacts role table (spec 001 §6)', () => {
  it('is the spec’s table, row by row', () => {
    expect(CONTACT_ROLE_TABLE.viewer).toEqual(['view']);
    expect(CONTACT_ROLE_TABLE.standard).toEqual(['view', 'create', 'editOwn', 'deleteOwn']);
    expect(CONTACT_ROLE_TABLE.editor).toEqual(['view', 'create', 'edit', 'deleteOwn', 'merge', 'exportOwn']);
    expect([...CONTACT_ROLE_TABLE.admin].sort()).toEqual(
      ['view', 'create', 'edit', 'delete', 'merge', 'move', 'export', 'copy'].sort(),
    );
    expect([...CONTACT_ROLE_TABLE.superadmin].sort()).toEqual([...CONTACT_ROLE_TABLE.admin, 'sync'].sort());
  });

  it('maps group roles: creator and superadmin hold the superadmin set', () => {
    expect(contactRoleOf(ROLES.creator)).toBe('superadmin');
    expect(contactRoleOf(ROLES.superadmin)).toBe('superadmin');
    expect(contactRoleOf(ROLES.admin)).toBe('admin');
    expect(contactRoleOf(ROLES.editor)).toBe('editor');
    expect(contactRoleOf(ROLES.standard)).toBe('standard');
    expect(contactRoleOf(ROLES.viewer)).toBe('viewer');
  });

  it('own variants: standard edits and deletes its own only; editor deletes its own only', () => {
    expect(canOnItem('standard', 'edit', true)).toBe(true);
    expect(canOnItem('standard', 'edit', false)).toBe(false);
    expect(canOnItem('editor', 'edit', false)).toBe(true);
    expect(canOnItem('editor', 'delete', false)).toBe(false);
    expect(canOnItem('editor', 'delete', true)).toBe(true);
    expect(canOnItem('viewer', 'edit', true)).toBe(false);
  });

  it('every role views; a higher role can do what a lower one can (or the whole of an own-only action)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: CONTACT_ROLES.length - 1 }),
        fc.integer({ min: 0, max: CONTACT_ROLES.length - 1 }),
        fc.constantFrom(...CONTACT_ACTIONS),
        (i, j, action) => {
          const [lower, higher] = [CONTACT_ROLES[Math.min(i, j)]!, CONTACT_ROLES[Math.max(i, j)]!];
          expect(can(lower, 'view')).toBe(true);
          if (can(lower, action)) {
            const whole = action.replace(/Own$/, '') as typeof action;
            expect(can(higher, action) || can(higher, whole), `${lower} → ${higher}: ${action}`).toBe(true);
          }
        },
      ),
    );
  });
});

describe('contact input (spec 001 §5)', () => {
  it('drops blank e-mails and phones, and addresses with street and city both blank; labels default to Work', () => {
    const c = z.parse(createContactInput, {
      firstName: 'Ada',
      contactEmail: [{ value: ' ' }, { value: 'ada@example.com' }],
      contactPhone: [{ value: '' }],
      contactAddress: [{ street: '', city: '', zip: '1' }, { city: 'London' }],
    });
    expect(c.contactEmail).toEqual([{ value: 'ada@example.com', label: 'Work' }]);
    expect(c.contactPhone).toEqual([]);
    expect(c.contactAddress).toHaveLength(1);
    expect(c.contactAddress[0]!.label).toBe('Work');
    expect(c.group).toEqual([]);
  });

  it('keeps exactly the rows with a value, for any mix of blank and filled ones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('', ' ', '\t'), fc.emailAddress()), {
          maxLength: CONTACT_RULES.maxEmails,
        }),
        (values) => {
          const c = z.parse(createContactInput, {
            firstName: 'A',
            contactEmail: values.map((value) => ({ value })),
          });
          expect(c.contactEmail.map((e) => e.value)).toEqual(values.map((v) => v.trim()).filter(Boolean));
        },
      ),
    );
  });

  it('is bounded: 1,000 e-mails are refused with a clear message, blank ones included', () => {
    const r = z.safeParse(createContactInput, {
      firstName: 'A',
      contactEmail: Array.from({ length: 1000 }, () => ({ value: '' })),
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('A contact has at most 20 e-mails.');
  });

  it('needs a first or last name; one primary group; no group twice', () => {
    expect(z.safeParse(createContactInput, { firstName: ' ' }).success).toBe(false);
    expect(z.safeParse(createContactInput, { lastName: 'Lee' }).success).toBe(true);
    const two = [
      { id: 'a', isPrimary: true },
      { id: 'b', isPrimary: true },
    ];
    expect(z.safeParse(createContactInput, { firstName: 'A', group: two }).success).toBe(false);
    const twice = [{ id: 'a' }, { id: 'a' }];
    expect(z.safeParse(createContactInput, { firstName: 'A', group: twice }).success).toBe(false);
  });

  it('parses the company id as a number; anything else is refused', () => {
    expect(z.parse(companyIdField, '42')).toBe(42);
    expect(z.parse(companyIdField, 7)).toBe(7);
    for (const bad of ['abc', '4.2', '', '-1', 0, 1.5, '1e3']) {
      const r = z.safeParse(companyIdField, bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('The company id must be a number.');
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(z.parse(companyIdField, String(n))).toBe(n);
      }),
    );
  });

  it('PATCH leaves absent fields out and merges contact_company field by field', () => {
    const p = z.parse(updateContactInput, { contactCompany: { jobTitle: 'CTO' } });
    expect(p).toEqual({ contactCompany: { jobTitle: 'CTO' } });
    expect(z.parse(updateContactInput, {})).toEqual({});
  });

  it('the company payload of spec 001 §7', () => {
    const c = z.parse(createCompanyInput, { name: ' Acme ', address1: '1 Road', cell: '555' });
    expect(c).toMatchObject({ name: 'Acme', address1: '1 Road', cell: '555', city: '', group: [] });
    expect(z.safeParse(createCompanyInput, { name: '  ' }).success).toBe(false);
  });
});

describe('list query, bulk and merge input', () => {
  it('pages of 50 at most, firstName ascending by default, "-" for descending, snake or camel case', () => {
    const d = z.parse(contactListQuery, {});
    expect(d).toMatchObject({
      page: 1,
      pageSize: 50,
      ordering: { field: 'firstName', descending: false },
      group: [],
    });
    expect(z.parse(contactListQuery, { ordering: '-last_name' }).ordering).toEqual({
      field: 'lastName',
      descending: true,
    });
    expect(z.safeParse(contactListQuery, { pageSize: '51' }).success).toBe(false);
    expect(z.safeParse(contactListQuery, { ordering: 'shoeSize' }).success).toBe(false);
    expect(z.parse(contactListQuery, { group: 'a, b,a' }).group).toEqual(['a', 'b']);
    expect(parseOrdering('createdAt', ['createdAt'] as const)).toEqual({
      field: 'createdAt',
      descending: false,
    });
  });

  it('bulk takes at most 100 ids; merge at most 10', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    expect(z.safeParse(bulkInput, { action: 'delete', ids: ids(100) }).success).toBe(true);
    expect(z.safeParse(bulkInput, { action: 'delete', ids: ids(101) }).success).toBe(false);
    expect(z.safeParse(bulkInput, { action: 'explode', ids: ids(1) }).success).toBe(false);
    expect(z.safeParse(mergeContactsInput, { mergeIds: ids(10) }).success).toBe(true);
    expect(z.safeParse(mergeContactsInput, { mergeIds: ids(11) }).success).toBe(false);
    expect(z.safeParse(mergeContactsInput, { mergeIds: [] }).success).toBe(false);
  });

  it('a task may name its contact and company (the company id a number)', () => {
    const t = z.parse(createTaskInput, { title: 'Call', group: 'g1', contact: 'c1', company: '12' });
    expect(t).toMatchObject({ contact: 'c1', company: 12 });
    expect(z.safeParse(createTaskInput, { title: 'Call', group: 'g1', company: 'x' }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('the defaults of a task made from a contact or company (spec 001 §9)', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(contactTaskDefaults(now)).toEqual({
      dueAt: '2030-01-08T12:00:00.000Z',
      details: { flag: 3 },
      assigneeRole: 3,
      userTimezone: 'America/New_York',
      status: 1,
      mode: 'active',
    });
  });

  it('normalises names for ordering and search: case, accents and spaces', () => {
    expect(normaliseName('  Ángela   DÍAZ ')).toBe('angela diaz');
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normaliseName(normaliseName(s))).toBe(normaliseName(s));
      }),
    );
  });
});
