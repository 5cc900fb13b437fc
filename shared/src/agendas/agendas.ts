/**
 * Agendas and meetings (spec 002 §2 "Agenda screens", §3 "Agenda", §4, §7 "Agenda"; 000 §2 "Agenda
 * panel", §3 "Agenda segment"; issue 17 items 3 and 5; docs/decisions.md D67).
 *
 * - An agenda belongs to one scheduled task, and only one: its id IS the task's id, so the spec's
 *   /agenda/editor/agenda/{taskId} and /agenda/meeting/{taskId} (000 §2) and the agenda-id routes of
 *   002 §2 name the same thing. Who may see it follows the task.
 * - An agenda is an ordered list of segments: name (the kind's name, "Check-in"), title, description,
 *   icon, segmentTemplate (the kind), segmentData (notes and action items, an item may name a task),
 *   task (the task the segment is about), minutes (planned), timeSpent (seconds, recorded while the
 *   meeting runs) and order.
 * - Bounds: at most MAX_SEGMENTS segments (an agenda of 10,000 is refused with a clear message), at
 *   most MAX_SEGMENT_ITEMS items per segment, every text bounded.
 * - Agenda templates are part of the product (a fixed list, read by GET /agenda/templates).
 */
import * as z from 'zod/mini';
import { enCount, hasVisibleText, MAX_ID_LENGTH } from '../api/limit-values.ts';

export const MAX_SEGMENTS = 50;
export const MAX_SEGMENT_ITEMS = 50;
export const SEGMENT_TITLE_MAX = 200;
export const SEGMENT_NAME_MAX = 80;
export const SEGMENT_DESCRIPTION_MAX = 2_000;
export const SEGMENT_ITEM_MAX = 1_000;
export const AGENDA_TITLE_MAX = 200;
export const AGENDA_NOTES_MAX = 20_000;
/** Planned minutes of one segment: 1 to 8 hours. */
export const SEGMENT_MINUTES_MAX = 480;
/** Recorded time of one segment: at most a day, in seconds. */
export const TIME_SPENT_MAX = 86_400;
/** How far GET /agenda/ pages: page × limit reaches at most the newest 1,000 agendas. */
export const MAX_AGENDA_PAGES = 10;
/** Different tasks one agenda's segments and items may name. */
export const MAX_LINKED_TASKS = 100;

export const AGENDA_MESSAGES = {
  tooManySegments: `An agenda has at most ${MAX_SEGMENTS} segments.`,
  tooManyItems: `A segment has at most ${MAX_SEGMENT_ITEMS} notes and action items.`,
  titleTooLong: `A title has at most ${SEGMENT_TITLE_MAX} characters.`,
  nameTooLong: `A segment name has at most ${SEGMENT_NAME_MAX} characters.`,
  descriptionTooLong: `A description has at most ${enCount(SEGMENT_DESCRIPTION_MAX)} characters.`,
  itemTooLong: `A note has at most ${enCount(SEGMENT_ITEM_MAX)} characters.`,
  itemEmpty: 'A note or action item needs some text.',
  notesTooLong: `Meeting notes have at most ${enCount(AGENDA_NOTES_MAX)} characters.`,
  minutes: `Plan between 1 and ${SEGMENT_MINUTES_MAX} minutes for a segment.`,
  timeSpent: 'The time spent must be a whole number of seconds, at most one day.',
  kind: 'Choose one of the segment kinds.',
  icon: 'Choose one of the segment icons.',
  taskRequired: 'Say which task the agenda belongs to.',
  idRequired: 'Say which agenda to change.',
  duplicateSegment: 'Two segments have the same id.',
  needsSchedule: 'Schedule the task before giving it an agenda.',
  exists: 'This task already has an agenda.',
  stale: 'Someone changed this agenda meanwhile. Reload it and try again.',
  notAllowed: 'Agendas are not available for your account.',
  tooManyTasks: `An agenda can name at most ${MAX_LINKED_TASKS} different tasks.`,
} as const;

/** The kinds of segment (segmentTemplate), each with its name and icon (the designer's palette). */
export const SEGMENT_KINDS = {
  topic: { name: 'Topic', icon: 'message' },
  'check-in': { name: 'Check-in', icon: 'users' },
  update: { name: 'Updates', icon: 'list' },
  discussion: { name: 'Discussion', icon: 'messages' },
  decision: { name: 'Decision', icon: 'gavel' },
  'action-items': { name: 'Action items', icon: 'checklist' },
  break: { name: 'Break', icon: 'coffee' },
  'wrap-up': { name: 'Wrap-up', icon: 'flag' },
} as const;
export type SegmentKind = keyof typeof SEGMENT_KINDS;
export const SEGMENT_KIND_IDS = Object.keys(SEGMENT_KINDS) as SegmentKind[];
export const SEGMENT_ICONS = [
  'message',
  'users',
  'list',
  'messages',
  'gavel',
  'checklist',
  'coffee',
  'flag',
  'bulb',
  'target',
  'calendar',
  'star',
] as const;
export type SegmentIcon = (typeof SEGMENT_ICONS)[number];

const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));
const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ID_LENGTH));
const taskRef = z.object({ id });

/** One note or action item of a segment; an action item may name a task made or linked in the meeting. */
export const segmentItem = z.object({
  id: z.optional(id),
  text: z
    .string({ error: AGENDA_MESSAGES.itemEmpty })
    .check(
      z.trim(),
      z.maxLength(SEGMENT_ITEM_MAX, AGENDA_MESSAGES.itemTooLong),
      z.refine(hasVisibleText, AGENDA_MESSAGES.itemEmpty),
    ),
  task: z.optional(z.nullable(taskRef)),
});
export type SegmentItemInput = z.infer<typeof segmentItem>;

export const segmentInput = z.object({
  id: z.optional(id),
  name: z._default(text(SEGMENT_NAME_MAX, AGENDA_MESSAGES.nameTooLong), ''),
  title: z._default(text(SEGMENT_TITLE_MAX, AGENDA_MESSAGES.titleTooLong), ''),
  description: z._default(text(SEGMENT_DESCRIPTION_MAX, AGENDA_MESSAGES.descriptionTooLong), ''),
  icon: z._default(z.enum(SEGMENT_ICONS, AGENDA_MESSAGES.icon), 'message'),
  segmentTemplate: z._default(
    z.enum(SEGMENT_KIND_IDS as [SegmentKind, ...SegmentKind[]], AGENDA_MESSAGES.kind),
    'topic',
  ),
  segmentData: z._default(
    z.array(segmentItem).check(z.maxLength(MAX_SEGMENT_ITEMS, AGENDA_MESSAGES.tooManyItems)),
    [],
  ),
  task: z._default(z.nullable(taskRef), null),
  minutes: z._default(
    z
      .number({ error: AGENDA_MESSAGES.minutes })
      .check(
        z.int(AGENDA_MESSAGES.minutes),
        z.gte(1, AGENDA_MESSAGES.minutes),
        z.lte(SEGMENT_MINUTES_MAX, AGENDA_MESSAGES.minutes),
      ),
    5,
  ),
  timeSpent: z._default(
    z
      .number({ error: AGENDA_MESSAGES.timeSpent })
      .check(
        z.int(AGENDA_MESSAGES.timeSpent),
        z.gte(0, AGENDA_MESSAGES.timeSpent),
        z.lte(TIME_SPENT_MAX, AGENDA_MESSAGES.timeSpent),
      ),
    0,
  ),
  /** Ignored on input: the server numbers segments in the order they are sent. */
  order: z.optional(z.number()),
});
export type SegmentInput = z.infer<typeof segmentInput>;

const segments = z.array(segmentInput, { error: AGENDA_MESSAGES.tooManySegments }).check(
  z.maxLength(MAX_SEGMENTS, AGENDA_MESSAGES.tooManySegments),
  z.refine((list) => {
    const ids = list.flatMap((s) => (s.id ? [s.id] : []));
    return new Set(ids).size === ids.length;
  }, AGENDA_MESSAGES.duplicateSegment),
  z.refine((list) => linkedTaskIds(list).length <= MAX_LINKED_TASKS, AGENDA_MESSAGES.tooManyTasks),
);

/** The different tasks the segments and their items name, in order of first mention. */
export function linkedTaskIds(
  list: readonly {
    task?: { id: string } | null;
    segmentData?: readonly { task?: { id: string } | null }[];
  }[],
): string[] {
  const ids = new Set<string>();
  for (const s of list) {
    if (s.task) ids.add(s.task.id);
    for (const d of s.segmentData ?? []) if (d.task) ids.add(d.task.id);
  }
  return [...ids];
}
const agendaTitle = z._default(text(AGENDA_TITLE_MAX, AGENDA_MESSAGES.titleTooLong), '');
const notes = z._default(text(AGENDA_NOTES_MAX, AGENDA_MESSAGES.notesTooLong), '');

/** POST /agenda/: a new agenda for a task (the agenda takes the task's id). */
export const createAgendaInput = z.strictObject({
  task: z
    .string({ error: AGENDA_MESSAGES.taskRequired })
    .check(
      z.trim(),
      z.minLength(1, AGENDA_MESSAGES.taskRequired),
      z.maxLength(MAX_ID_LENGTH, AGENDA_MESSAGES.taskRequired),
    ),
  title: agendaTitle,
  notes,
  /** The agenda template the segments came from, if any. */
  template: z._default(z.nullable(z.string().check(z.maxLength(MAX_ID_LENGTH))), null),
  segments: z._default(segments, []),
});
export type CreateAgendaInput = z.infer<typeof createAgendaInput>;

/**
 * PUT /agenda/: the whole agenda again (segments replace the stored ones). `version` is the version
 * read; when given, a change made meanwhile by someone else is refused (409) instead of lost.
 */
export const updateAgendaInput = z.strictObject({
  id: z
    .string({ error: AGENDA_MESSAGES.idRequired })
    .check(
      z.trim(),
      z.minLength(1, AGENDA_MESSAGES.idRequired),
      z.maxLength(MAX_ID_LENGTH, AGENDA_MESSAGES.idRequired),
    ),
  version: z.optional(z.number().check(z.int(), z.gte(1))),
  title: z.optional(text(AGENDA_TITLE_MAX, AGENDA_MESSAGES.titleTooLong)),
  notes: z.optional(text(AGENDA_NOTES_MAX, AGENDA_MESSAGES.notesTooLong)),
  segments,
});
export type UpdateAgendaInput = z.infer<typeof updateAgendaInput>;

export const listAgendasQuery = z.object({
  task: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
  /** Pages reach the newest 1,000 agendas a person made (10 pages of 100): the list reads from the newest. */
  page: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_AGENDA_PAGES, `At most page ${MAX_AGENDA_PAGES}.`)),
    1,
  ),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

export interface SegmentItem {
  id: string;
  text: string;
  task: { id: string } | null;
}
export interface Segment {
  id: string;
  name: string;
  title: string;
  description: string;
  icon: SegmentIcon;
  segmentTemplate: SegmentKind;
  segmentData: SegmentItem[];
  task: { id: string } | null;
  minutes: number;
  timeSpent: number;
  order: number;
}

export interface AgendaView {
  id: string;
  task: { id: string; title: string };
  title: string;
  notes: string;
  template: string | null;
  segments: Segment[];
  /** The tasks the segments name that the reader may see, with their titles (others are left out). */
  linkedTasks: Array<{ id: string; title: string; status: number }>;
  /** Planned minutes of all segments. */
  totalMinutes: number;
  /** Seconds recorded over all segments. */
  totalTimeSpent: number;
  version: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Segments as stored: numbered 1, 2, 3 in the order given, each with an id (kept when given, else
 * `newId()`), items with ids, and the kind's name when the name was left empty.
 */
export function normaliseSegments(input: readonly SegmentInput[], newId: () => string): Segment[] {
  return input.map((s, i) => ({
    id: s.id ?? newId(),
    name: s.name || SEGMENT_KINDS[s.segmentTemplate].name,
    title: s.title,
    description: s.description,
    icon: s.icon,
    segmentTemplate: s.segmentTemplate,
    segmentData: s.segmentData.map((d) => ({ id: d.id ?? newId(), text: d.text, task: d.task ?? null })),
    task: s.task,
    minutes: s.minutes,
    timeSpent: s.timeSpent,
    order: i + 1,
  }));
}

/** A segment with nothing in it: no title, no description, no notes (000 §2 "empty segments"). */
export const isEmptySegment = (s: Pick<Segment, 'title' | 'description' | 'segmentData'>) =>
  !hasVisibleText(s.title) && !hasVisibleText(s.description) && s.segmentData.length === 0;

/** Whether launching asks 'Launch Agenda?' first (000 §2): any empty segment. */
export const launchNeedsConfirmation = (
  segs: readonly Pick<Segment, 'title' | 'description' | 'segmentData'>[],
) => segs.some(isEmptySegment);

export const totalMinutes = (segs: readonly Pick<Segment, 'minutes'>[]) =>
  segs.reduce((n, s) => n + s.minutes, 0);
export const totalTimeSpent = (segs: readonly Pick<Segment, 'timeSpent'>[]) =>
  segs.reduce((n, s) => n + s.timeSpent, 0);

/** A meeting's clock: m:ss, or h:mm:ss from an hour. Negative times (over the plan) keep their sign. */
export function formatClock(seconds: number): string {
  const sign = seconds < 0 ? '−' : '';
  const s = Math.abs(Math.trunc(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${ss}` : `${sign}${m}:${ss}`;
}

/**
 * The time recorded on a segment after a stretch of running: what it had plus the whole seconds
 * elapsed, never beyond TIME_SPENT_MAX (the bound the server applies).
 */
export const addElapsed = (timeSpent: number, startedAtMs: number, nowMs: number) =>
  Math.min(TIME_SPENT_MAX, timeSpent + Math.max(0, Math.floor((nowMs - startedAtMs) / 1000)));

// ─── Agenda templates ────────────────────────────────────────────────────────────────────────────

export interface AgendaTemplateSegment {
  segmentTemplate: SegmentKind;
  title: string;
  description: string;
  minutes: number;
}
export interface AgendaTemplate {
  agendaTemplateId: string;
  templateName: string;
  description: string;
  segments: AgendaTemplateSegment[];
}
/** A template in the list (spec 002 §3: id and template name), with its size for the picker. */
export interface AgendaTemplateSummary {
  agendaTemplateId: string;
  templateName: string;
  description: string;
  segmentCount: number;
  totalMinutes: number;
}

const seg = (segmentTemplate: SegmentKind, title: string, minutes: number, description = '') => ({
  segmentTemplate,
  title,
  description,
  minutes,
});

/** The product's agenda templates, in the order the list shows them. */
export const AGENDA_TEMPLATES: readonly AgendaTemplate[] = [
  {
    agendaTemplateId: 'team-meeting',
    templateName: 'Team meeting',
    description: 'A weekly meeting: updates, the topics of the week, and who does what next.',
    segments: [
      seg('check-in', 'Welcome and check-in', 5),
      seg('update', 'Updates from each person', 10, 'What moved since last week, and what is stuck.'),
      seg('discussion', 'Topics of the week', 20),
      seg('action-items', 'Action items', 10, 'Who does what, and by when.'),
      seg('wrap-up', 'Wrap-up', 5),
    ],
  },
  {
    agendaTemplateId: 'stand-up',
    templateName: 'Daily stand-up',
    description: 'Fifteen minutes: yesterday, today, and what is in the way.',
    segments: [
      seg('update', 'Yesterday and today', 10),
      seg('discussion', 'Blockers', 5, 'Anything in the way; solve it after the stand-up.'),
    ],
  },
  {
    agendaTemplateId: 'one-on-one',
    templateName: 'One-on-one',
    description: 'A regular conversation between two people.',
    segments: [
      seg('check-in', 'How are you?', 5),
      seg('topic', 'Their topics', 15),
      seg('topic', 'My topics', 10),
      seg('action-items', 'Next steps', 5),
    ],
  },
  {
    agendaTemplateId: 'retrospective',
    templateName: 'Retrospective',
    description: 'Look back on a stretch of work and choose what to change.',
    segments: [
      seg('check-in', 'Set the stage', 5),
      seg('discussion', 'What went well', 10),
      seg('discussion', 'What did not go well', 10),
      seg('decision', 'What we change', 10),
      seg('action-items', 'Action items', 5),
    ],
  },
  {
    agendaTemplateId: 'project-kick-off',
    templateName: 'Project kick-off',
    description: 'Start a project with everyone on the same page.',
    segments: [
      seg('check-in', 'Introductions', 10),
      seg('topic', 'Goals and scope', 15),
      seg('topic', 'Roles and responsibilities', 10),
      seg('topic', 'Timeline and milestones', 10),
      seg('action-items', 'First steps', 10),
    ],
  },
  {
    agendaTemplateId: 'decision-meeting',
    templateName: 'Decision meeting',
    description: 'Reach one decision: options, discussion, decision.',
    segments: [
      seg('topic', 'The question', 5),
      seg('discussion', 'Options', 15),
      seg('decision', 'Decision', 10),
      seg('action-items', 'Follow-up', 5),
    ],
  },
];

export const agendaTemplateSummary = (t: AgendaTemplate): AgendaTemplateSummary => ({
  agendaTemplateId: t.agendaTemplateId,
  templateName: t.templateName,
  description: t.description,
  segmentCount: t.segments.length,
  totalMinutes: totalMinutes(t.segments),
});

export const findAgendaTemplate = (id: string) => AGENDA_TEMPLATES.find((t) => t.agendaTemplateId === id);

/** A template's segments as input for a new agenda (the designer starts from these). */
export const segmentsFromTemplate = (t: AgendaTemplate): SegmentInput[] =>
  t.segments.map((s) => ({
    name: SEGMENT_KINDS[s.segmentTemplate].name,
    title: s.title,
    description: s.description,
    icon: SEGMENT_KINDS[s.segmentTemplate].icon,
    segmentTemplate: s.segmentTemplate,
    segmentData: [],
    task: null,
    minutes: s.minutes,
    timeSpent: 0,
  }));

export { agendasAllowed } from './allow-list.ts';
