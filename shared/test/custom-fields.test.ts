/**
 * Custom fields (spec 000 §5 "Custom field", §9): the one value checker the server and the form
 * share, the definition schema's defaults and refusals, and the report rounding.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_FIELD_MESSAGES,
  type CustomField,
  checkValue,
  checkValues,
  createDefinitionInput,
  customFieldInput,
  missingRequired,
  optionsOf,
  reportValue,
} from '../src/index.ts';

const field = (over: Partial<CustomField> = {}): CustomField => ({
  id: 'f1',
  type: 'text',
  label: 'Notes',
  description: '',
  maxChar: 120,
  isRequired: false,
  options: '',
  ...over,
});

describe('checkValue', () => {
  it("refuses 'abc' in a number field and takes numbers", () => {
    const f = field({ type: 'number', label: 'Weight', maxChar: 6 });
    expect(checkValue(f, 'abc')).toBe(CUSTOM_FIELD_MESSAGES.notNumber('Weight'));
    expect(checkValue(f, '1e5')).toBe(CUSTOM_FIELD_MESSAGES.notNumber('Weight'));
    expect(checkValue(f, '72.5')).toBeNull();
    expect(checkValue(f, '-3')).toBeNull();
    expect(checkValue(f, '1234567')).toBe(CUSTOM_FIELD_MESSAGES.tooLong('Weight', 6));
  });

  it('refuses a list value not among the options', () => {
    const f = field({ type: 'list', label: 'Mood', options: 'good|ok|bad', maxChar: 10 });
    expect(checkValue(f, 'great')).toBe(CUSTOM_FIELD_MESSAGES.notInList('Mood'));
    expect(checkValue(f, 'ok')).toBeNull();
    expect(checkValue(f, 'good|ok')).toBe(CUSTOM_FIELD_MESSAGES.notInList('Mood'));
  });

  it('refuses 1,000 characters in a 120-character field', () => {
    expect(checkValue(field(), 'x'.repeat(1000))).toBe(CUSTOM_FIELD_MESSAGES.tooLong('Notes', 120));
    expect(checkValue(field(), 'x'.repeat(120))).toBeNull();
  });

  it('takes real dates and times only', () => {
    const d = field({ type: 'date', label: 'Day', maxChar: 10 });
    expect(checkValue(d, '2026-02-28')).toBeNull();
    expect(checkValue(d, '2026-02-30')).toBe(CUSTOM_FIELD_MESSAGES.notDate('Day'));
    expect(checkValue(d, '28/02/2026')).toBe(CUSTOM_FIELD_MESSAGES.notDate('Day'));
    const t = field({ type: 'time', label: 'At', maxChar: 10 });
    expect(checkValue(t, '23:59')).toBeNull();
    expect(checkValue(t, '24:00')).toBe(CUSTOM_FIELD_MESSAGES.notTime('At'));
  });

  it('refuses an empty required field only when filling is required', () => {
    const f = field({ isRequired: true });
    expect(checkValue(f, '  ')).toBe(CUSTOM_FIELD_MESSAGES.required('Notes'));
    expect(checkValue(f, '', false)).toBeNull();
    expect(checkValue(field(), '')).toBeNull();
  });

  it('a value for a field that is not defined is refused', () => {
    expect(checkValues([field()], { f1: 'a', gone: 'b' })).toEqual({
      gone: CUSTOM_FIELD_MESSAGES.unknownField,
    });
  });

  it('names the labels of required fields left empty (the Done rule)', () => {
    const fields = [
      field({ isRequired: true }),
      field({ id: 'f2', label: 'Score', isRequired: true }),
      field({ id: 'f3' }),
    ];
    expect(missingRequired(fields, { f1: 'x' })).toEqual(['Score']);
    expect(missingRequired(fields, undefined)).toEqual(['Notes', 'Score']);
    expect(missingRequired(fields, { f1: 'x', f2: '4' })).toEqual([]);
  });

  it('property: any text no longer than maxChar passes a text field, anything longer fails', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.string({ minLength: 1, maxLength: 1200 }),
        (max, s) => {
          const v = s.trim();
          fc.pre(v.length > 0);
          const r = checkValue(field({ maxChar: max }), v);
          return v.length <= max ? r === null : r === CUSTOM_FIELD_MESSAGES.tooLong('Notes', max);
        },
      ),
    );
  });

  it('property: a number field takes exactly what reads back as a finite number', () => {
    const f = field({ type: 'number', label: 'N', maxChar: 999 });
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), (n) => {
        const s = n.toFixed(2);
        return checkValue(f, s) === null;
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (s) => {
        const ok = checkValue(f, s) === null;
        const t = s.trim();
        return ok === (t === '' || (/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(t) && Number.isFinite(Number(t))));
      }),
    );
  });

  it('property: a list field takes exactly its options', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 6 }),
        fc.stringMatching(/^[a-z]{1,8}$/),
        (opts, v) => {
          const f = field({ type: 'list', label: 'L', options: opts.join('|'), maxChar: 10 });
          return (checkValue(f, v) === null) === opts.includes(v);
        },
      ),
    );
  });
});

describe('definition schema', () => {
  it('gives each type its default maxChar (text 120, number 6, date and time 10)', () => {
    for (const [type, max] of [
      ['text', 120],
      ['number', 6],
      ['date', 10],
      ['time', 10],
    ] as const) {
      const r = customFieldInput.parse({ type, label: 'A' });
      expect(r.maxChar).toBe(max);
    }
  });

  it('refuses maxChar outside 1 to 999 and a blank label', () => {
    expect(customFieldInput.safeParse({ type: 'text', label: 'A', maxChar: 0 }).success).toBe(false);
    expect(customFieldInput.safeParse({ type: 'text', label: 'A', maxChar: 1000 }).success).toBe(false);
    expect(customFieldInput.safeParse({ type: 'text', label: 'A', maxChar: 999 }).success).toBe(true);
    const blank = customFieldInput.safeParse({ type: 'text', label: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(CUSTOM_FIELD_MESSAGES.labelRequired);
  });

  it('joins list options by | (as tags or as a string) and refuses a list without options', () => {
    expect(customFieldInput.parse({ type: 'list', label: 'M', options: [' a ', 'b', 'a', ''] }).options).toBe(
      'a|b',
    );
    expect(customFieldInput.parse({ type: 'list', label: 'M', options: 'x| y' }).options).toBe('x|y');
    expect(customFieldInput.parse({ type: 'text', label: 'M', options: 'x|y' }).options).toBe('');
    const r = createDefinitionInput.safeParse({ task: 't', customField: [{ type: 'list', label: 'M' }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(CUSTOM_FIELD_MESSAGES.noOptions);
    expect(optionsOf('a||b| ')).toEqual(['a', 'b']);
  });

  it('defaults dataEntryRequired to 1 and refuses other numbers', () => {
    expect(createDefinitionInput.parse({ task: 't', customField: [] }).dataEntryRequired).toBe(1);
    expect(
      createDefinitionInput.safeParse({ task: 't', customField: [], dataEntryRequired: 3 }).success,
    ).toBe(false);
  });
});

describe('report values', () => {
  it('shows numbers with one decimal and other values as they are', () => {
    expect(reportValue({ type: 'number' }, '72.46')).toBe('72.5');
    expect(reportValue({ type: 'number' }, '3')).toBe('3.0');
    expect(reportValue({ type: 'text' }, 'hi')).toBe('hi');
    expect(reportValue({ type: 'number' }, undefined)).toBe('');
  });
});
