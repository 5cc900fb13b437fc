/** The PATCH rule (issue 9, finding 1): absent unchanged, nested merge, null clears, changed fields only. */

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { changedFields, mergePatch, patchOf, sameInstant } from '../src/api/patch.ts';
import { createCategoryInput, updateCategoryInput } from '../src/groups/categories.ts';
import { TASK_PATCH_COMPARE, taskPatchPermissions } from '../src/tasks/patch.ts';
import { updateTaskInput } from '../src/tasks/schemas.ts';
import { schedulePatchInput, timeBlockPatchInput } from '../src/time/schedule-input.ts';

const create = z.strictObject({
  title: z.string().check(z.minLength(1)),
  note: z._default(z.nullable(z.string()), null),
  details: z._default(
    z.strictObject({ description: z._default(z.string(), ''), flag: z._default(z.number(), 3) }),
    { description: '', flag: 3 },
  ),
  tags: z._default(z.array(z.string()), []),
});

describe('patchOf', () => {
  it('fills no default: an empty body stays empty, a nested field alone stays alone', () => {
    const patch = patchOf(create);
    expect(patch.parse({})).toEqual({});
    expect(patch.parse({ details: { description: 'x' } })).toEqual({ details: { description: 'x' } });
  });

  it('keeps null where the field allows it, refuses it elsewhere, and refuses unknown fields', () => {
    const patch = patchOf(create);
    expect(patch.parse({ note: null })).toEqual({ note: null });
    expect(patch.safeParse({ title: null }).success).toBe(false);
    expect(patch.safeParse({ details: { flagg: 1 } }).success).toBe(false);
    expect(patch.safeParse({ extra: 1 }).success).toBe(false);
  });

  it.each([
    ['task details', updateTaskInput, { details: { description: 'Only this' } }],
    ['task flag', updateTaskInput, { details: { flag: 1 } }],
    ['category title', updateCategoryInput, { title: 'New name' }],
    ['time-block duration', timeBlockPatchInput, { duration: 30 }],
    ['schedule duration', schedulePatchInput, { duration: 30 }],
  ])('the %s PATCH body parses to exactly what was sent', (_n, schema, body) => {
    expect((schema as z.ZodMiniType).parse(body)).toEqual(body);
  });

  it('leaves the create schema as it was (its defaults still apply on create)', () => {
    expect(createCategoryInput.parse({ title: 'A' })).toMatchObject({ description: '', groups: [] });
  });
});

describe('mergePatch', () => {
  const current = { title: 'A', note: 'n', details: { description: 'd', flag: 1 }, tags: ['x', 'y'] };

  it('keeps absent fields, merges nested objects field by field, replaces arrays, clears with null', () => {
    expect(mergePatch(current, { details: { flag: 3 } })).toEqual({
      ...current,
      details: { description: 'd', flag: 3 },
    });
    expect(mergePatch(current, { tags: ['z'] })).toEqual({ ...current, tags: ['z'] });
    expect(mergePatch(current, { note: null })).toEqual({ ...current, note: null });
    expect(mergePatch(current, { title: undefined })).toEqual(current);
    expect(current.details).toEqual({ description: 'd', flag: 1 });
  });
});

describe('changedFields', () => {
  const current = {
    title: 'A',
    note: null,
    details: { description: 'd', flag: 1 },
    tags: ['x'],
    at: '2026-01-01T10:00:00.000Z',
  };

  it('names only the fields present and different, nested ones by their path', () => {
    expect(changedFields(current, { title: 'A', details: { description: 'd', flag: 3 } })).toEqual([
      'details.flag',
    ]);
    expect(changedFields(current, { tags: ['x'], note: undefined })).toEqual([]);
    expect(changedFields(current, { tags: ['x', 'y'], note: 'now' })).toEqual(['tags', 'note']);
  });

  it('counts null and absent as the same', () => {
    expect(changedFields({ a: undefined }, { a: null })).toEqual([]);
    expect(changedFields({ a: 'x' }, { a: null })).toEqual(['a']);
  });

  it('compares a path by its own rule when given one', () => {
    expect(changedFields(current, { at: '2026-01-01T11:00:00+01:00' }, { at: sameInstant })).toEqual([]);
    expect(changedFields(current, { at: '2026-01-01T11:00:00+00:00' }, { at: sameInstant })).toEqual(['at']);
  });
});

describe('task PATCH permissions', () => {
  it('asks only for the permissions of the changed fields, a schedule’s fields as one', () => {
    expect(taskPatchPermissions(['details.description'])).toEqual([
      { permission: 'task.description', field: 'description' },
    ]);
    expect(
      taskPatchPermissions(['scheduledTask.duration', 'scheduledTask.startDate']).map((r) => r.permission),
    ).toEqual(['task.scheduledTask']);
    expect(taskPatchPermissions(['taskPosition', 'placeBetween', 'userTimezone'])).toEqual([]);
  });

  it('sees an unchanged title, a re-sent due date in another offset and the same assignees as no change', () => {
    const current = {
      title: 'A',
      dueAt: '2026-05-01T08:00:00.000Z',
      taskAssignees: [
        { user: 'u1', role: 6 },
        { user: 'u2', role: 5 },
      ],
    };
    const patch = {
      title: 'A',
      dueAt: '2026-05-01T10:00:00+02:00',
      taskAssignees: [
        { user: 'u2', role: 5 },
        { user: 'u1', role: 6 },
      ],
    };
    expect(changedFields(current, patch, TASK_PATCH_COMPARE)).toEqual([]);
    expect(changedFields(current, { taskAssignees: [{ user: 'u1', role: 5 }] }, TASK_PATCH_COMPARE)).toEqual([
      'taskAssignees',
    ]);
  });
});
