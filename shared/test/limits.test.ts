import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, toCamel, toSnake } from '../src/api/case.ts';
import {
  boundedText,
  enCount,
  entityId,
  hasVisibleText,
  MAX_JSON_DEPTH,
  numericIdParam,
  requiredTitle,
  TEXT_LIMITS,
} from '../src/api/limits.ts';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { some_key: v };
  return v;
};

describe('nesting bound of the key-case conversion', () => {
  it('converts values nested up to the bound', () => {
    expect(() => toCamel(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => toSnake(nested(MAX_JSON_DEPTH))).not.toThrow();
  });

  it('refuses deeper values with JsonTooDeepError instead of running out of stack', () => {
    expect(() => toCamel(nested(MAX_JSON_DEPTH + 1))).toThrow(JsonTooDeepError);
    expect(() => toCamel(nested(10_000))).toThrow(JsonTooDeepError);
  });
});

describe('visible text', () => {
  it('counts a text of only whitespace and zero-width characters as empty', () => {
    expect(hasVisibleText(' \t\n\u00a0\u200b\u200c\u200d\u2060\ufeff\u00ad\u3000')).toBe(false);
    expect(hasVisibleText('\u200bA')).toBe(true);
    expect(hasVisibleText('🙂')).toBe(true);
  });

  it('a required title refuses invisible text and text over its limit, and trims', () => {
    const title = requiredTitle('taskTitle', { required: 'Give it a name.' });
    expect(title.safeParse('\u200b \u200d').error?.issues[0]?.message).toBe('Give it a name.');
    expect(title.safeParse('x'.repeat(TEXT_LIMITS.taskTitle + 1)).success).toBe(false);
    expect(title.parse('  Plan  ')).toBe('Plan');
  });
});

describe('ids', () => {
  it('refuses blank and whitespace ids', () => {
    for (const id of ['', ' ', '\t\n']) expect(entityId.safeParse(id).success).toBe(false);
    expect(entityId.parse('task-1')).toBe('task-1');
  });

  it('reads a numeric path id from digits only, never " " as 0', () => {
    for (const id of [' ', '', '1e2', '-1', '0x10', ' 3'])
      expect(numericIdParam.safeParse(id).success).toBe(false);
    expect(numericIdParam.parse('3')).toBe(3);
  });
});

describe('enCount: en-US digit grouping without Intl (docs/decisions.md D78)', () => {
  it("writes every whole number exactly as toLocaleString('en-US') does", () => {
    const numbers = [
      0,
      1,
      -1,
      999,
      1_000,
      -1_000,
      20_000,
      999_999,
      1_000_000,
      -12_345_678,
      Number.MAX_SAFE_INTEGER,
    ];
    for (let n = 1; n < Number.MAX_SAFE_INTEGER / 7; n = n * 7 + (n % 5)) numbers.push(n, -n, n + 1);
    for (let i = 0; i < 2_000; i++) numbers.push(Math.floor((Math.random() - 0.5) * 10 ** (1 + (i % 15))));
    for (const n of numbers) expect(enCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    // Not whole (or not safe): Intl's answer itself.
    for (const n of [1.5, 1234.5678, -0.25, 2 ** 60]) expect(enCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('the limit messages keep their wording', () => {
    expect(boundedText('taskDescription').safeParse('x'.repeat(20_001)).error?.issues[0]?.message).toBe(
      'At most 20,000 characters.',
    );
  });
});
