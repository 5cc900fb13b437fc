/**
 * AI generation (spec 002 §5, §7 "AI and surveys"; ARCHITECTURE §7) and the AI builder's template
 * proposal (issue 16 item 5): the request bounds, and the proposed tree as read from a model's answer.
 */
import * as z from 'zod/mini';

export const AI_MESSAGES = {
  promptRequired: 'Prompt is required',
  promptTooLong: 'The prompt is too long.',
  notConfigured: 'AI generation is not available: no AI service is set up for this installation.',
  badAnswer:
    'The AI service gave an answer that could not be read as a template. Try again or reword the prompt.',
  unreachable: 'The AI service could not be reached. Try again in a moment.',
} as const;

export const AI_LIMITS = {
  /** Longest prompt, in characters. */
  promptChars: 8_000,
  /** Most tokens a caller may ask for. */
  maxTokens: 4_096,
  defaultMaxTokens: 1_024,
  /** A proposal's tree: at most this many levels below the root… */
  maxDepth: 5,
  /** …and this many nodes in all (the root included). */
  maxNodes: 200,
  /** Longest node title kept (longer ones are cut). */
  titleChars: 200,
  /** The proposal's answer may use this many tokens. */
  proposalTokens: 4_096,
} as const;

const prompt = z
  .string({ error: AI_MESSAGES.promptRequired })
  .check(
    z.trim(),
    z.minLength(1, AI_MESSAGES.promptRequired),
    z.maxLength(AI_LIMITS.promptChars, AI_MESSAGES.promptTooLong),
  );

/** POST /ai-services/generate/public/ {prompt, connector, max_tokens, temperature}. */
export const generateInput = z.strictObject({
  prompt,
  /** Which configured connector to use; the installation's default when absent. */
  connector: z.optional(z.string().check(z.maxLength(40))),
  maxTokens: z._default(
    z.number().check(z.int(), z.gte(1), z.lte(AI_LIMITS.maxTokens, `At most ${AI_LIMITS.maxTokens} tokens.`)),
    AI_LIMITS.defaultMaxTokens,
  ),
  temperature: z._default(z.number().check(z.gte(0), z.lte(2, 'The temperature is between 0 and 2.')), 0.7),
});
export type GenerateInput = z.infer<typeof generateInput>;

/** POST /task/template/ai-proposal {prompt}. */
export const proposalInput = z.strictObject({ prompt });

export interface ProposedNode {
  title: string;
  /** 0 for the root, its children 1, and so on. */
  level: number;
  children: ProposedNode[];
}

/** The instruction the proposal sends with the person's prompt. */
export const PROPOSAL_SYSTEM_PROMPT = [
  'You plan work as a tree of tasks.',
  'Answer with JSON only, no prose: {"title": string, "children": [ {"title": string, "children": [...]}, ... ]}.',
  `Use at most ${AI_LIMITS.maxDepth} levels below the root and at most ${AI_LIMITS.maxNodes} tasks in all.`,
  'Titles are short imperative phrases.',
].join(' ');

/** The JSON inside a model's answer: the whole text, or a fenced block, or the outermost braces. */
function jsonText(answer: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  if (fenced?.[1]) return fenced[1].trim();
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  return start >= 0 && end > start ? answer.slice(start, end + 1) : answer.trim();
}

const cleanTitle = (v: unknown) =>
  typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, AI_LIMITS.titleChars) : '';

/**
 * A proposed template tree from the model's answer, or null when the answer is not a usable tree: not
 * JSON, no root title, a node without a title, deeper than maxDepth or more than maxNodes nodes.
 * Node titles are trimmed, collapsed and cut to titleChars.
 */
export function parseProposal(answer: string): ProposedNode | null {
  let data: unknown;
  try {
    data = JSON.parse(jsonText(answer));
  } catch {
    return null;
  }
  let count = 0;
  const walk = (v: unknown, level: number): ProposedNode | null => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const o = v as Record<string, unknown>;
    const title = cleanTitle(o.title);
    if (!title || level > AI_LIMITS.maxDepth || ++count > AI_LIMITS.maxNodes) return null;
    const raw = o.children ?? o.subtasks ?? [];
    if (!Array.isArray(raw)) return null;
    const children: ProposedNode[] = [];
    for (const c of raw) {
      const node = walk(c, level + 1);
      if (!node) return null;
      children.push(node);
    }
    return { title, level, children };
  };
  return walk(data, 0);
}

/** Every node of a tree, depth first. */
export const proposalNodes = (root: ProposedNode): ProposedNode[] => [
  root,
  ...root.children.flatMap(proposalNodes),
];
