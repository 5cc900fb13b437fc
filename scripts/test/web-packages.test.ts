/** The bench's share-out of built bytes by package (scripts/src/bench/web-packages.ts). */
import { describe, expect, it } from 'vitest';
import { decodeSegment, ownerOf } from '../src/bench/web-packages.ts';

describe('web-packages', () => {
  it('decodes Base64 VLQ mapping segments, signs and continuation digits included', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('SAASA')).toEqual([9, 0, 0, 9, 0]);
    expect(decodeSegment('D')).toEqual([-1]);
    // 16 needs a continuation digit: 32 = 'g' (low five bits 0, continue), then 1 = 'B'.
    expect(decodeSegment('gB')).toEqual([16]);
    expect(() => decodeSegment('A*')).toThrow();
  });

  it('names the package, scoped or not, or our own folder a source came from', () => {
    expect(ownerOf('../../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(ownerOf('../../../node_modules/@mantine/core/esm/components/Menu/Menu.mjs')).toBe('@mantine/core');
    expect(ownerOf('../../src/features/today/components/task-row.tsx')).toBe('web: features/today');
    expect(ownerOf('../../src/main.tsx')).toBe('web: main');
    expect(ownerOf('../../../shared/src/tasks/constants.ts')).toBe('shared');
    expect(ownerOf('\0rolldown/runtime.js')).toBe('(bundler)');
  });
});
