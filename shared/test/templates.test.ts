/** Templates and folders: unique titles, tree node keys, the licence rule, folder cycles (spec 002 §3–§6). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canConvertToTemplate,
  convertFromTaskInput,
  convertTemplateInput,
  createTemplateInput,
  folderMoveMakesCycle,
  formatTreeKey,
  parseTreeKey,
  TEMPLATE_MESSAGES,
  titleKey,
  titleProblem,
} from '../src/index.ts';

const siblings = [
  { id: 't1', title: 'Onboarding', groupId: 'g1', folderId: 'f1' },
  { id: 't2', title: 'Offboarding', groupId: 'g1', folderId: null },
];

describe('unique template titles', () => {
  it('refuses a title repeated in the same group and folder, trimmed and case-insensitively', () => {
    expect(titleProblem('  onBOARDing ', { groupId: 'g1', folderId: 'f1' }, siblings)).toBe(
      TEMPLATE_MESSAGES.templateTitleTaken,
    );
    expect(titleProblem('Onboarding', { groupId: 'g1', folderId: 'f1' }, siblings, 'folder')).toBe(
      TEMPLATE_MESSAGES.folderTitleTaken,
    );
  });
  it('allows the same title in another folder or group, and the edited template its own title', () => {
    expect(titleProblem('Onboarding', { groupId: 'g1', folderId: null }, siblings)).toBeNull();
    expect(titleProblem('Onboarding', { groupId: 'g2', folderId: 'f1' }, siblings)).toBeNull();
    expect(
      titleProblem('ONBOARDING', { groupId: 'g1', folderId: 'f1', excludeId: 't1' }, siblings),
    ).toBeNull();
  });
  it('refuses an empty or blank title', () => {
    expect(titleProblem('   ', { groupId: 'g1', folderId: null }, [])).toBe(TEMPLATE_MESSAGES.titleRequired);
    expect(createTemplateInput.safeParse({ title: ' \t', group: 'g' }).success).toBe(false);
  });
  it('compares inner whitespace collapsed', () => {
    expect(titleKey(' A   b ')).toBe('a b');
  });
});

describe('tree node keys', () => {
  it('formats and parses the spec’s shapes', () => {
    expect(formatTreeKey('7')).toBe('g7');
    expect(formatTreeKey('7', ['3'])).toBe('g7-f3');
    expect(formatTreeKey('7', ['3', '4'], '9')).toBe('g7-f3-f4-t9');
    expect(parseTreeKey('g7-f3-f4-t9')).toEqual({
      groupId: '7',
      folderId: '4',
      parentFolderId: '3',
      templateId: '9',
      folderPath: ['3', '4'],
    });
    expect(parseTreeKey('g7-t9')).toMatchObject({ groupId: '7', folderId: null, templateId: '9' });
  });
  it('refuses what is not a key', () => {
    for (const k of ['', 'x7', 'g7-x3', 'g7-t9-f3', 'g7-t9-t8', 'g7-f']) expect(parseTreeKey(k)).toBeNull();
  });
  it('round-trips any ids, UUIDs with dashes included', () => {
    const id = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(id, fc.array(id, { maxLength: 4 }), fc.option(id, { nil: undefined }), (g, folders, t) => {
        const parsed = parseTreeKey(formatTreeKey(g, folders, t));
        expect(parsed).toMatchObject({ groupId: g, folderPath: folders, templateId: t ?? null });
      }),
    );
  });
});

describe('conversion rules', () => {
  it('needs the teams licence or the 14-day trial, active', () => {
    expect(canConvertToTemplate({ package: 'teams_license', currentStatus: 'active' })).toBe(true);
    expect(canConvertToTemplate({ package: 'full_14_days_trial', currentStatus: 'active' })).toBe(true);
    expect(canConvertToTemplate({ package: 'full_14_days_trial', currentStatus: 'expired' })).toBe(false);
    expect(canConvertToTemplate({ package: 'standard_license', currentStatus: 'active' })).toBe(false);
    expect(canConvertToTemplate({ package: 'free_license', currentStatus: 'active' })).toBe(false);
  });
  it('takes only task or custom-field, and needs an idempotency key to apply', () => {
    expect(convertFromTaskInput.safeParse({ type: 'custom-field' }).success).toBe(true);
    expect(convertFromTaskInput.safeParse({ type: 'custom_field' }).success).toBe(false);
    expect(convertTemplateInput.safeParse({}).success).toBe(false);
    expect(convertTemplateInput.safeParse({ idempotencyKey: '  ' }).success).toBe(false);
  });
  it('refuses a folder moved under itself or its descendants', () => {
    const parents = new Map<string, string | null>([
      ['a', null],
      ['b', 'a'],
      ['c', 'b'],
    ]);
    expect(folderMoveMakesCycle('a', 'c', parents)).toBe(true);
    expect(folderMoveMakesCycle('a', 'a', parents)).toBe(true);
    expect(folderMoveMakesCycle('c', 'a', parents)).toBe(false);
    expect(folderMoveMakesCycle('b', null, parents)).toBe(false);
  });
});
