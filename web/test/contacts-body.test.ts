import { describe, expect, it } from 'vitest';
import {
  contactBody,
  contactFormErrors,
  importRowErrors,
} from '../src/features/contacts/utils/contact-body.ts';
import { emptyPortable } from '../src/features/contacts/utils/contact-io.ts';
import { blankAddress, emptyContactValues } from '../src/features/contacts/utils/form.ts';
import { readImportFile } from '../src/features/contacts/utils/import-file.ts';
import { contactRights } from '../src/features/contacts/utils/rights.ts';

const groups = [
  { id: 'g1', title: 'Team' },
  { id: 'g2', title: 'Private' },
];

describe('the contact form body', () => {
  it('drops blank rows, sends the company id as a number and links Private as primary', () => {
    const v = {
      ...emptyContactValues(groups),
      firstName: ' Ada ',
      companyId: '42',
      secondaryGroupIds: ['g1', 'g2'],
      addresses: [blankAddress(), { ...blankAddress(), city: 'London' }],
    };
    const body = contactBody(v);
    expect(body).toMatchObject({
      firstName: 'Ada',
      notes: 'Contact created via frontend form.',
      contactEmail: [],
      contactPhone: [],
      contactCompany: { company: 42, jobTitle: '' },
      group: [
        { id: 'g2', isPrimary: true },
        { id: 'g1', isPrimary: false },
      ],
    });
    expect(body.contactAddress).toHaveLength(1);
    expect(body.contactAddress[0]).not.toHaveProperty('key');
  });

  it("an edit writes the default notes only where the notes are blank, never over the person's notes", () => {
    const v = { ...emptyContactValues(groups), firstName: 'Ada' };
    expect(contactBody(v, { notes: '', companyAssociationId: null }).notes).toBe(
      'Contact updated via frontend form.',
    );
    expect(contactBody(v, { notes: 'Met at the fair', companyAssociationId: null })).not.toHaveProperty(
      'notes',
    );
  });

  it("shows the server's own messages at the fields: a name is required, e-mails are checked", () => {
    const v = emptyContactValues(groups);
    v.emails = [{ value: 'not-an-email', label: 'Work' }];
    const errors = contactFormErrors(v);
    expect(errors.firstName).toBe('Give a first or last name.');
    expect(errors['emails.0.value']).toBe('Enter a valid e-mail address.');
    expect(contactFormErrors({ ...emptyContactValues(groups), lastName: 'King' })).toEqual({});
  });

  it('refuses more e-mails than a contact may have, at the list', () => {
    const v = { ...emptyContactValues(groups), firstName: 'A' };
    v.emails = Array.from({ length: 21 }, (_, i) => ({ value: `a${i}@x.co`, label: 'Work' }));
    expect(contactFormErrors(v).emails).toBe('A contact has at most 20 e-mails.');
  });
});

describe('an import preview', () => {
  it("adds what the server would refuse to a row's own faults: a row with an e-mail and no name", () => {
    const c = { ...emptyPortable(), emails: [{ value: 'a@b.co', label: 'Work' }] };
    expect(importRowErrors(c, [])).toEqual(['Give a first or last name.']);
  });

  it('reads a .vcf as vCard and anything else as CSV', () => {
    expect(readImportFile('x.vcf', 'BEGIN:VCARD\nN:Doe;Jane\nEND:VCARD\n').rows[0]?.contact.firstName).toBe(
      'Jane',
    );
    expect(readImportFile('x.csv', 'First name\nJane\n').rows[0]?.contact.firstName).toBe('Jane');
  });
});

describe('what the role allows (spec 001 §6)', () => {
  const me = 'u1';
  const rights = contactRights(
    [
      { id: 'viewerG', role: 4 },
      { id: 'standardG', role: 5 },
      { id: 'editorG', role: 6 },
      { id: 'adminG', role: 3 },
    ],
    me,
  );
  const item = (group: string, createdBy = 'u2') => ({ primaryGroupId: group, createdBy });

  it('a viewer only views; a standard member edits and deletes only their own', () => {
    expect(rights.canEdit(item('viewerG', me))).toBe(false);
    expect(rights.canEdit(item('standardG'))).toBe(false);
    expect(rights.canEdit(item('standardG', me))).toBe(true);
    expect(rights.canDelete(item('standardG', me))).toBe(true);
    expect(rights.creatableGroups).not.toContain('viewerG');
  });

  it('an editor edits any and merges, but deletes only their own; an admin deletes any', () => {
    expect(rights.canEdit(item('editorG'))).toBe(true);
    expect(rights.canDelete(item('editorG'))).toBe(false);
    expect(rights.canMerge([item('editorG'), item('editorG')])).toBe(true);
    expect(rights.canMerge([item('editorG'), item('standardG')])).toBe(false);
    expect(rights.canDeleteAll([item('adminG'), item('editorG', me)])).toBe(true);
    expect(rights.canDeleteAll([item('adminG'), item('editorG')])).toBe(false);
  });

  it('bulk move and copy need the action in every group of every item (admins), D63', () => {
    expect(rights.canBulkGroup('move', [item('adminG'), item('adminG', me)])).toBe(true);
    expect(rights.canBulkGroup('copy', [item('adminG')])).toBe(true);
    // An editor may not move or copy, even their own; one such item is enough to refuse the selection.
    expect(rights.canBulkGroup('move', [item('editorG', me)])).toBe(false);
    expect(rights.canBulkGroup('copy', [item('adminG'), item('editorG')])).toBe(false);
    // A secondary group where the person may not act refuses it too; a group not theirs as well.
    expect(rights.canBulkGroup('move', [{ ...item('adminG'), secondaryGroupIds: ['viewerG'] }])).toBe(false);
    expect(rights.canBulkGroup('copy', [{ ...item('adminG'), secondaryGroupIds: ['elsewhere'] }])).toBe(
      false,
    );
    expect(rights.canBulkGroup('copy', [])).toBe(false);
    // No group to take them to: nothing offered.
    const adminOnly = contactRights([{ id: 'adminOnly', role: 3 }], me);
    expect(adminOnly.canBulkGroup('move', [item('adminOnly')])).toBe(true);
    expect(contactRights([{ id: 'v', role: 4 }], me).canBulkGroup('move', [item('v')])).toBe(false);
  });
});
