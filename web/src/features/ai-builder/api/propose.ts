/** POST /task/template/ai-proposal — a prompt → a proposed template tree (issue 16 item 5). */
import type { ProposedNode } from '@tandem/shared/ai/ai';
import * as routes from '@tandem/shared/api/areas/roles';
import { api } from '../../../lib/api.ts';

export interface TemplateProposal {
  root: ProposedNode;
  nodeCount: number;
}

export const proposeTemplate = (prompt: string, signal?: AbortSignal) =>
  api<TemplateProposal>(routes.proposeAiTemplate, { body: { prompt }, signal });
