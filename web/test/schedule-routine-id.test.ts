import { describe, expect, it } from 'vitest';
import {
  definitionIdOf,
  instanceDayOf,
  routineKindOf,
  saveTargetId,
} from '../src/features/schedule/utils/routine-id.ts';

describe('routine instance ids', () => {
  it('names the definition before the "~" and the day after it', () => {
    expect(definitionIdOf('01HZX9ABC~2030-03-10')).toBe('01HZX9ABC');
    expect(instanceDayOf('01HZX9ABC~2030-03-10')).toBe('2030-03-10');
  });
  it('keeps a definition id that itself contains "~"', () => {
    expect(definitionIdOf('a~b~2030-03-10')).toBe('a~b');
  });
  it('is null for ids that are not an instance', () => {
    expect(definitionIdOf('01HZX9ABC')).toBeNull();
    expect(definitionIdOf('~2030-03-10')).toBeNull();
    expect(definitionIdOf('x~2030-3-1')).toBeNull();
  });
  it('knows instances (5) and definitions (6)', () => {
    expect(routineKindOf(5)).toBe('instance');
    expect(routineKindOf(6)).toBe('definition');
    expect(routineKindOf(0)).toBeNull();
  });
  it('saves the whole routine on the definition, anything else on the task itself', () => {
    expect(saveTargetId('d1~2030-03-10', 'instance', 'whole')).toBe('d1');
    expect(saveTargetId('d1~2030-03-10', 'instance', 'one')).toBe('d1~2030-03-10');
    expect(saveTargetId('d1', 'definition', 'whole')).toBe('d1');
    expect(saveTargetId('bad', 'instance', 'whole')).toBeNull();
  });
});
