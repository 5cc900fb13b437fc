import type { CustomField } from '@tandem/shared/custom-fields/rules';
import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftProblem,
  fieldOf,
  newDraft,
  valueProblem,
} from '../src/features/custom-fields/utils/drafts.ts';

const weight: CustomField = {
  id: 'w',
  type: 'number',
  label: 'Weight',
  description: '',
  maxChar: 6,
  isRequired: true,
  options: '',
};

describe('custom fields tab helpers', () => {
  it('names the label of an empty required field with the form’s own message (task-form.custom-field-required)', () => {
    const required = (label: string) => `${label} is required (form)`;
    expect(valueProblem(weight, '', required)).toBe('Weight is required (form)');
    expect(valueProblem(weight, 'abc', required)).toBe('Weight must be a number.');
    expect(valueProblem(weight, '72.5', required)).toBeNull();
  });

  it('blocks a blank label and a list without options, as the server does', () => {
    expect(draftProblem(newDraft())).toBe('labelRequired');
    expect(draftProblem({ ...newDraft('list'), label: 'Mood' })).toBe('noOptions');
    expect(draftProblem({ ...newDraft('list'), label: 'Mood', options: ['ok'] })).toBeNull();
  });

  it('gives a new field its type’s maxChar and sends no id for it; keeps a stored field’s id', () => {
    const d = newDraft('number');
    expect(d.maxChar).toBe(6);
    expect(fieldOf({ ...d, label: ' Weight ' })).not.toHaveProperty('id');
    expect(fieldOf({ ...d, label: ' Weight ' }).label).toBe('Weight');
    const list = draftOf({ ...weight, type: 'list', options: 'a|b' });
    expect(list.options).toEqual(['a', 'b']);
    expect(fieldOf(list)).toMatchObject({ id: 'w', options: 'a|b' });
  });
});
