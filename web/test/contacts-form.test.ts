import { describe, expect, it } from 'vitest';
import { contactsErrorMessage } from '../src/features/contacts/utils/errors.ts';
import {
  DEFAULT_LINK_COLOR,
  defaultPrimaryGroup,
  emptyContactValues,
  groupLinkChanges,
  groupLinks,
  keptAddresses,
  keptValues,
  linkColor,
  removedIds,
} from '../src/features/contacts/utils/form.ts';
import { ApiError } from '../src/lib/api-error.ts';

const groups = [
  { id: 'g1', title: 'Team' },
  { id: 'g2', title: 'Private' },
];

describe('the contact form rules', () => {
  it('starts with one blank e-mail, phone and address labelled Work and the Private group as primary', () => {
    const v = emptyContactValues(groups);
    expect(v.emails).toMatchObject([{ value: '', label: 'Work' }]);
    expect(v.phones).toMatchObject([{ value: '', label: 'Work' }]);
    expect(v.addresses[0]?.label).toBe('Work');
    expect(v.primaryGroupId).toBe('g2');
  });

  it("falls back to the first group when none is named 'Private', and to none with no groups", () => {
    expect(defaultPrimaryGroup([{ id: 'a', title: 'Team' }])).toBe('a');
    expect(
      defaultPrimaryGroup([
        { id: 'a', title: 'Team' },
        { id: 'b', title: ' private ' },
      ]),
    ).toBe('b');
    expect(defaultPrimaryGroup([])).toBeNull();
  });

  it('drops e-mails and phones with a blank value and defaults a blank label to Work', () => {
    expect(
      keptValues([
        { value: '  ', label: 'Home' },
        { value: ' a@b.co ', label: '' },
        { id: 'e1', value: 'c@d.co', label: 'Home' },
      ]),
    ).toEqual([
      { value: 'a@b.co', label: 'Work' },
      { id: 'e1', value: 'c@d.co', label: 'Home' },
    ]);
  });

  it('drops an address only when both street and city are blank', () => {
    const base = { label: 'Work', state: 'NY', zip: '1', country: 'US' };
    const kept = keptAddresses([
      { ...base, street: '', city: '' },
      { ...base, street: '1 Main St', city: '' },
      { ...base, street: ' ', city: 'Oslo' },
    ]);
    expect(kept.map((a) => [a.street, a.city])).toEqual([
      ['1 Main St', ''],
      ['', 'Oslo'],
    ]);
  });

  it('deletes the saved rows the form removed, and only those', () => {
    expect(removedIds([{ id: 'a' }, { id: 'b' }, {}], [{ id: 'b' }, {}])).toEqual(['a']);
  });

  it('links the primary group first and never repeats it among the secondaries', () => {
    expect(groupLinks('g1', ['g2', 'g1', 'g2'])).toEqual([
      { id: 'g1', isPrimary: true },
      { id: 'g2', isPrimary: false },
    ]);
  });

  it('changing groups deletes the removed links and creates the new ones', () => {
    const links = [
      { id: 'l1', groupId: 'g1', isPrimary: true },
      { id: 'l2', groupId: 'g2', isPrimary: false },
    ];
    expect(groupLinkChanges(links, 'g1', ['g3'])).toEqual({
      remove: ['l2'],
      add: [{ id: 'g3', isPrimary: false }],
    });
    // The primary moving to a former secondary replaces both links.
    expect(groupLinkChanges(links, 'g2', [])).toEqual({
      remove: ['l1', 'l2'],
      add: [{ id: 'g2', isPrimary: true }],
    });
  });

  it("shows a link in the group's colour, '#9747FF' when it has none or an unusable one", () => {
    expect(linkColor('#12ab34')).toBe('#12ab34');
    expect(linkColor(null)).toBe(DEFAULT_LINK_COLOR);
    expect(linkColor('red; background: url(x)')).toBe('#9747FF');
  });
});

describe('the contact and company load messages', () => {
  it('names the status and the server message when the server answered', () => {
    const err = new ApiError(404, {
      detail: 'x',
      fallbackMessage: 'Contact not found',
      code: 'not-found',
      errors: {},
    });
    expect(contactsErrorMessage(err)).toBe('API Error (404): Contact not found');
  });

  it('asks whether the server runs when no answer came', () => {
    const err = new ApiError(0, { detail: '', fallbackMessage: '', code: 'no-response', errors: {} });
    expect(contactsErrorMessage(err)).toBe(
      'No response from server. Please check if the API server is running and accessible.',
    );
  });

  it("gives another error's message, or 'Network error occurred'", () => {
    expect(contactsErrorMessage(new Error('Boom'))).toBe('Boom');
    expect(contactsErrorMessage('nothing')).toBe('Network error occurred');
  });
});
