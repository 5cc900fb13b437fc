/**
 * The AI calls: the public text generation of spec 002 §7, and the AI builder's template proposal
 * (a prompt → a template tree, read and bounded by parseProposal in shared).
 */
import {
  AI_LIMITS,
  type GenerateInput,
  PROPOSAL_SYSTEM_PROMPT,
  type ProposedNode,
  parseProposal,
  proposalNodes,
} from '@tandem/shared/ai/ai';
import { AiBadAnswerError, requireConnector } from './connector.ts';

export async function generateText(input: GenerateInput): Promise<{ text: string; connector: string }> {
  const connector = requireConnector(input.connector);
  const text = await connector.generate({
    prompt: input.prompt,
    maxTokens: input.maxTokens,
    temperature: input.temperature,
  });
  return { text, connector: connector.kind };
}

export interface TemplateProposal {
  root: ProposedNode;
  nodeCount: number;
}

export async function proposeTemplate(prompt: string): Promise<TemplateProposal> {
  const connector = requireConnector();
  const answer = await connector.generate({
    prompt,
    system: PROPOSAL_SYSTEM_PROMPT,
    maxTokens: AI_LIMITS.proposalTokens,
    temperature: 0.2,
  });
  const root = parseProposal(answer);
  if (!root) throw new AiBadAnswerError();
  return { root, nodeCount: proposalNodes(root).length };
}
