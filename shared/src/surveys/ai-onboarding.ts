/**
 * AI onboarding (spec 002 §2 /ai-onboarding; issue 18 item 5; decisions D69): a description of one's
 * work → suggested groups, each with a few first tasks, read and bounded from the model's answer;
 * the person edits and accepts them, and accepting creates them through the group and task domains.
 */
import * as z from 'zod/mini';
import { hasVisibleText, TEXT_LIMITS } from '../api/limit-values.ts';

export const ONBOARDING_LIMITS = {
  descriptionChars: 4_000,
  maxGroups: 5,
  maxTasks: 8,
  groupTitleChars: TEXT_LIMITS.groupTitle,
  taskTitleChars: 200,
  answerTokens: 1_024,
} as const;

export const ONBOARDING_MESSAGES = {
  descriptionRequired: 'Describe your work in a few words.',
  descriptionTooLong: `At most ${ONBOARDING_LIMITS.descriptionChars} characters.`,
  groupsNeeded: `Keep 1 to ${ONBOARDING_LIMITS.maxGroups} groups.`,
  groupTitleRequired: 'Every group needs a name.',
  groupTitleTooLong: `A group name has at most ${ONBOARDING_LIMITS.groupTitleChars} characters.`,
  tooManyTasks: `A group starts with at most ${ONBOARDING_LIMITS.maxTasks} tasks.`,
  taskTitleRequired: 'A task needs a title.',
  taskTitleTooLong: `A task title has at most ${ONBOARDING_LIMITS.taskTitleChars} characters.`,
  badAnswer: 'The suggestions could not be read. Try again or describe your work differently.',
} as const;

const trimmed = (max: number, required: string, tooLong: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v)),
    z.string({ error: required }).check(z.refine(hasVisibleText, required), z.maxLength(max, tooLong)),
  );

/** POST /ai-onboarding/suggestions {description}. */
export const onboardingInput = z.strictObject({
  description: trimmed(
    ONBOARDING_LIMITS.descriptionChars,
    ONBOARDING_MESSAGES.descriptionRequired,
    ONBOARDING_MESSAGES.descriptionTooLong,
  ),
});

export interface OnboardingGroup {
  title: string;
  tasks: string[];
}

/** POST /ai-onboarding/accept {groups}: the suggestions as the person kept them. */
export const acceptOnboardingInput = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        title: trimmed(
          ONBOARDING_LIMITS.groupTitleChars,
          ONBOARDING_MESSAGES.groupTitleRequired,
          ONBOARDING_MESSAGES.groupTitleTooLong,
        ),
        tasks: z
          .array(
            trimmed(
              ONBOARDING_LIMITS.taskTitleChars,
              ONBOARDING_MESSAGES.taskTitleRequired,
              ONBOARDING_MESSAGES.taskTitleTooLong,
            ),
          )
          .check(z.maxLength(ONBOARDING_LIMITS.maxTasks, ONBOARDING_MESSAGES.tooManyTasks)),
      }),
    )
    .check(
      z.minLength(1, ONBOARDING_MESSAGES.groupsNeeded),
      z.maxLength(ONBOARDING_LIMITS.maxGroups, ONBOARDING_MESSAGES.groupsNeeded),
    ),
});
export type AcceptOnboardingInput = z.infer<typeof acceptOnboardingInput>;

/** The instruction sent with the person's description. */
export const ONBOARDING_SYSTEM_PROMPT = [
  'You help a person set up a task planner from a description of their work.',
  'Suggest groups (areas of their work) and a few first tasks in each.',
  'Answer with JSON only, no prose: {"groups": [{"title": string, "tasks": [string, ...]}, ...]}.',
  `Suggest at most ${ONBOARDING_LIMITS.maxGroups} groups and at most ${ONBOARDING_LIMITS.maxTasks} tasks in each.`,
  'Group names are short nouns; tasks are short imperative phrases.',
].join(' ');

/** The JSON inside a model's answer: the whole text, or a fenced block, or the outermost braces. */
function jsonText(answer: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  if (fenced?.[1]) return fenced[1].trim();
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  return start >= 0 && end > start ? answer.slice(start, end + 1) : answer.trim();
}

const clean = (v: unknown, max: number) =>
  typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '';

/**
 * The suggestions in a model's answer, or null when there are none usable. Extra groups and tasks are
 * dropped, untitled ones skipped, titles collapsed and cut, repeated group names kept once.
 */
export function parseOnboarding(answer: string): OnboardingGroup[] | null {
  let data: unknown;
  try {
    data = JSON.parse(jsonText(answer));
  } catch {
    return null;
  }
  const raw = Array.isArray(data) ? data : (data as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(raw)) return null;
  const groups: OnboardingGroup[] = [];
  for (const g of raw) {
    if (groups.length >= ONBOARDING_LIMITS.maxGroups) break;
    const o = (typeof g === 'object' && g !== null ? g : {}) as Record<string, unknown>;
    const title = clean(o.title ?? o.name, ONBOARDING_LIMITS.groupTitleChars);
    if (!title || groups.some((x) => x.title.toLowerCase() === title.toLowerCase())) continue;
    const tasks = (Array.isArray(o.tasks) ? o.tasks : [])
      .map((t) =>
        clean(
          typeof t === 'object' && t !== null ? (t as { title?: unknown }).title : t,
          ONBOARDING_LIMITS.taskTitleChars,
        ),
      )
      .filter(Boolean)
      .slice(0, ONBOARDING_LIMITS.maxTasks);
    groups.push({ title, tasks });
  }
  return groups.length ? groups : null;
}
