import { describe, expect, it } from 'vitest';
import { canImport, type PortableContact } from '../src/features/contacts/utils/contact-io.ts';
import { csvField, parseContactsCsv, toContactsCsv } from '../src/features/contacts/utils/csv.ts';
import { parseVCards, toVCards } from '../src/features/contacts/utils/vcard.ts';

const ada: PortableContact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Analyst, Engines',
  company: 'Babbage; Sons',
  emails: [
    { value: 'ada@example.com', label: 'Work' },
    { value: 'ada@home.example', label: 'Home' },
  ],
  phones: [{ value: '+44 20 1234', label: 'Mobile' }],
  addresses: [
    { label: 'Home', street: "12 St James's Sq", city: 'London', state: '', zip: 'SW1', country: 'UK' },
  ],
  notes: 'Met at the Royal Society.\nLikes "engines".',
};

describe('vCard', () => {
  it('reads what it writes (escaped commas, semicolons, line breaks; labels as TYPE)', () => {
    const { rows, fileErrors } = parseVCards(toVCards([ada]));
    expect(fileErrors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.contact).toEqual(ada);
    expect(rows[0]?.errors).toEqual([]);
  });

  it('reads folded lines, vCard 2.1 bare types, grouped names and FN without N', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'FN:Grace Brewster Hopper',
      'item1.EMAIL;INTERNET;HOME:grace@',
      ' navy.example',
      'TEL;CELL:555-0100',
      'END:VCARD',
    ].join('\n');
    const { rows, fileErrors } = parseVCards(text);
    expect(fileErrors).toEqual([]);
    expect(rows[0]?.contact).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      emails: [{ value: 'grace@navy.example', label: 'Home' }],
      phones: [{ value: '555-0100', label: 'Mobile' }],
    });
  });

  it('a broken line is a file error naming it, and nothing can be imported', () => {
    const text = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Doe;Jane;;;', 'this line is broken', 'END:VCARD'].join(
      '\r\n',
    );
    const result = parseVCards(text);
    expect(result.fileErrors).toEqual(['Line 4: this is not a vCard line']);
    expect(canImport(result)).toBe(false);
  });

  it('a card with no END, a card in a card and a property outside a card are file errors', () => {
    expect(parseVCards('BEGIN:VCARD\nN:A;B;;;\n').fileErrors).toEqual(['Line 1: the card has no END:VCARD']);
    expect(parseVCards('BEGIN:VCARD\nBEGIN:VCARD\nN:A;B\nEND:VCARD').fileErrors[0]).toBe(
      'Line 2: a card starts before the card of line 1 ends',
    );
    expect(parseVCards('N:A;B\n').fileErrors).toEqual(['Line 1: N is outside a card']);
    expect(parseVCards('').fileErrors).toEqual(['The file holds no vCard']);
  });

  it('a card with neither name nor e-mail, or a bad e-mail, is a row error', () => {
    const result = parseVCards('BEGIN:VCARD\nTEL:1\nEND:VCARD\nBEGIN:VCARD\nN:X;Y\nEMAIL:nope\nEND:VCARD\n');
    expect(result.rows.map((r) => r.errors)).toEqual([
      ['A name or an e-mail is required'],
      ['Not an e-mail address: nope'],
    ]);
    expect(canImport(result)).toBe(false);
  });

  it('folds long lines at 75 characters', () => {
    const text = toVCards([{ ...ada, notes: 'x'.repeat(200) }]);
    for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75);
    expect(parseVCards(text).rows[0]?.contact.notes).toBe('x'.repeat(200));
  });
});

describe('CSV', () => {
  it('reads what it writes (quotes, commas, line breaks in a field; several e-mails in one cell)', () => {
    const { rows, fileErrors } = parseContactsCsv(toContactsCsv([ada]));
    expect(fileErrors).toEqual([]);
    expect(rows[0]?.contact).toEqual({
      ...ada,
      // CSV carries one address and no labels.
      emails: ada.emails.map((e) => ({ ...e, label: 'Work' })),
      phones: ada.phones.map((e) => ({ ...e, label: 'Work' })),
      addresses: ada.addresses.map((a) => ({ ...a, label: 'Work' })),
    });
  });

  it('matches headers loosely and reports errors per row with their line', () => {
    const text = 'first_name,Last Name,E-mail,Unknown\nJane,Doe,jane@x.co,1\n,,,2\nBob,,bad,3\n';
    const { rows, fileErrors } = parseContactsCsv(text);
    expect(fileErrors).toEqual([]);
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['A name or an e-mail is required']],
      [4, ['Not an e-mail address: bad']],
    ]);
  });

  it('a quote left open or a file with no name column reads nothing', () => {
    expect(parseContactsCsv('First name,Email\n"Jane,jane@x.co\n').fileErrors).toEqual([
      'Line 2: a quoted field is never closed',
    ]);
    expect(parseContactsCsv('Colour,Size\nred,1\n').fileErrors).toEqual([
      'The first row names no name or e-mail column',
    ]);
  });

  it('writes formula-like cells as text but keeps phone numbers as they are', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 (555) 010-0100')).toBe('+1 (555) 010-0100');
    expect(csvField('-cmd')).toBe("'-cmd");
  });
});
