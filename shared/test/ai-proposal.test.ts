import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AI_LIMITS, generateInput, parseProposal, proposalNodes } from '../src/ai/ai.ts';

interface Raw {
  title: string;
  children: Raw[];
}
const title = fc.string({ minLength: 1, maxLength: 30 }).filter((t) => /\S/.test(t));
/** Trees up to `d` levels below the root (some deeper than the bound, some wider). */
const treeOf = (d: number): fc.Arbitrary<Raw> =>
  fc.record({
    title,
    children: d === 0 ? fc.constant([]) : fc.array(treeOf(d - 1), { maxLength: d > 4 ? 2 : 4 }),
  });
const tree = treeOf(AI_LIMITS.maxDepth + 2);
const depth = (n: Raw): number => 1 + Math.max(-1, ...n.children.map(depth));
const size = (n: Raw): number => 1 + n.children.reduce((s, c) => s + size(c), 0);

describe('the proposed template tree', () => {
  test('any tree within the bounds reads back with its titles (cleaned) and levels', () => {
    fc.assert(
      fc.property(tree, (raw) => {
        const ok = depth(raw) <= AI_LIMITS.maxDepth && size(raw) <= AI_LIMITS.maxNodes;
        const parsed = parseProposal(`Sure!\n${JSON.stringify(raw)}\nEnjoy.`);
        if (!ok) {
          expect(parsed).toBeNull();
          return;
        }
        expect(parsed).not.toBeNull();
        const nodes = proposalNodes(parsed!);
        expect(nodes).toHaveLength(size(raw));
        const walk = (r: Raw, level: number): Array<[string, number]> => [
          [r.title.replace(/\s+/g, ' ').trim(), level],
          ...r.children.flatMap((c) => walk(c, level + 1)),
        ];
        expect(nodes.map((n) => [n.title, n.level])).toEqual(walk(raw, 0));
      }),
    );
  });

  test('reads a fenced block, takes "subtasks" for children, refuses what is not a tree', () => {
    expect(parseProposal('```json\n{"title":"A","subtasks":[{"title":"B"}]}\n```')).toEqual({
      title: 'A',
      level: 0,
      children: [{ title: 'B', level: 1, children: [] }],
    });
    for (const bad of [
      '',
      'no',
      '[]',
      '{"title":1}',
      '{"title":"A","children":[1]}',
      '{"title":"A","children":{}}',
    ]) {
      expect(parseProposal(bad), bad).toBeNull();
    }
    expect(parseProposal(JSON.stringify({ title: 'x'.repeat(500) }))!.title).toHaveLength(
      AI_LIMITS.titleChars,
    );
  });

  test('the public call: prompt required, bounds, defaults', () => {
    expect(generateInput.parse({ prompt: ' hi ' })).toEqual({
      prompt: 'hi',
      maxTokens: 1024,
      temperature: 0.7,
    });
    expect(generateInput.safeParse({ prompt: ' ' }).error?.issues[0]?.message).toBe('Prompt is required');
    expect(generateInput.safeParse({}).error?.issues[0]?.message).toBe('Prompt is required');
  });
});
