/**
 * The Done check reads custom fields by raw keys (db/custom-field-keys.ts) to keep the task update
 * route small: they must be the keys ElectroDB writes for the entities, or the check reads nothing.
 */
import { describe, expect, it } from 'vitest';

describe('custom-field keys without ElectroDB', () => {
  it('are the entities’ own keys', async () => {
    process.env.TABLE_NAME ??= 'unit-test';
    const { CustomFieldDefinitionEntity, CustomValueEntity } = await import(
      '../../src/db/entities/custom-field.ts'
    );
    const { definitionKey, valueKey, TASK_VALUE_KEY } = await import('../../src/db/custom-field-keys.ts');
    const taskId = '0F8FAD5B-d9cb-469f-a165-70867728950e~2026-11-26';
    const userId = 'a1b2C3d4-0000-4000-8000-000000000001';
    expect(definitionKey(taskId)).toEqual(CustomFieldDefinitionEntity.get({ taskId }).params().Key);
    for (const userKey of [TASK_VALUE_KEY, userId]) {
      expect(valueKey(taskId, userKey)).toEqual(CustomValueEntity.get({ taskId, userKey }).params().Key);
    }
  });
});
