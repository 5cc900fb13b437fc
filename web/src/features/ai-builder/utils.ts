/** The AI builder's proposal as the flat node list POST /task/template takes (parents first). */
import type { ProposedNode } from '@tandem/shared/ai/ai';
import type { TemplateNodeInput } from '@tandem/shared/templates/schemas';

export function proposalNodes(root: ProposedNode): TemplateNodeInput[] {
  const out: TemplateNodeInput[] = [];
  const queue: Array<{ node: ProposedNode; parent: string | null }> = root.children.map((node) => ({
    node,
    parent: null,
  }));
  while (queue.length) {
    const { node, parent } = queue.shift()!;
    const ref = `n${out.length + 1}`;
    out.push({ ref, parent, title: node.title });
    for (const child of node.children) queue.push({ node: child, parent: ref });
  }
  return out;
}
