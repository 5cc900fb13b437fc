import type { ProposedNode } from '@tandem/shared/ai/ai';
import { createTemplateInput } from '@tandem/shared/templates/schemas';
import { describe, expect, it } from 'vitest';
import { proposalNodes } from '../src/features/ai-builder/utils.ts';

const node = (title: string, children: ProposedNode[] = [], level = 0): ProposedNode => ({
  title,
  level,
  children,
});

describe('the AI proposal as a template tree (D64)', () => {
  it('lists every node below the root once, parents before children, each naming its parent', () => {
    const root = node('Onboarding', [
      node('Week one', [node('Laptop', [node('Accounts')])]),
      node('Week two'),
    ]);
    const nodes = proposalNodes(root);
    expect(nodes.map((n) => n.title)).toEqual(['Week one', 'Week two', 'Laptop', 'Accounts']);
    const refs = new Map(nodes.map((n, i) => [n.ref, i]));
    for (const [i, n] of nodes.entries()) {
      if (n.parent !== null) expect(refs.get(n.parent)!).toBeLessThan(i);
    }
    expect(nodes.find((n) => n.title === 'Accounts')?.parent).toBe(
      nodes.find((n) => n.title === 'Laptop')?.ref,
    );
    // The create call's schema takes it as it is.
    expect(createTemplateInput.safeParse({ title: 'Onboarding', group: 'g1', nodes }).success).toBe(true);
  });
});
