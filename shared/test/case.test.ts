import { describe, expect, it } from 'vitest';
import { toCamel, toSnake } from '../src/api/case.ts';

describe('wire case', () => {
  it('moves nested keys between snake_case and camelCase and back', () => {
    const wire = {
      time_format_option: 12,
      routine_times: { beginning: '03:00' },
      preferences: { selected_groups: ['g1'], selected_levels: [1, 2] },
      results: [{ fallback_message: 'x' }],
    };
    const inside = toCamel(wire);
    expect(inside).toEqual({
      timeFormatOption: 12,
      routineTimes: { beginning: '03:00' },
      preferences: { selectedGroups: ['g1'], selectedLevels: [1, 2] },
      results: [{ fallbackMessage: 'x' }],
    });
    expect(toSnake(inside)).toEqual(wire);
  });

  it('leaves values, null and non-plain objects alone', () => {
    expect(toCamel({ some_key: 'some_value', n: null })).toEqual({ someKey: 'some_value', n: null });
    expect(toSnake('plain_string')).toBe('plain_string');
  });
});
