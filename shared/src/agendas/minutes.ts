/**
 * The minutes of a meeting as Markdown (issue 17 item 3): the agenda's title and task, when it was
 * held, then each segment in order with its planned and spent time, its description, notes and action
 * items (a task made or linked in the meeting by its title and link), then the meeting notes. Text
 * people typed is escaped so it cannot turn into headings, lists or links of its own.
 */
import { type AgendaView, formatClock } from './agendas.ts';

export interface MinutesOptions {
  /** When the meeting was held (shown as given, e.g. "2026-11-26 10:00"). */
  heldAt: string;
  /** Titles of the tasks segments and items name, by id (unknown ids show as "a task"). */
  taskTitles: ReadonlyMap<string, string>;
  /** The app's origin, for links to tasks (`${origin}/task/{id}`). */
  origin: string;
}

/** Markdown's special characters at the start of a line or inside text, escaped. */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/[\\`*_{}[\]<>()#+|!~]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-=])/gm, '$1\\$2')
    .replace(/^(\s*\d+)\./gm, '$1\\.');
}

/** One line of text: line breaks become spaces (inside a list item or a heading). */
const oneLine = (s: string) => escapeMarkdown(s.replace(/\s*\r?\n\s*/g, ' ').trim());

const minutesText = (n: number) => `${n} min`;

export function agendaMinutesMarkdown(agenda: AgendaView, o: MinutesOptions): string {
  const taskLink = (id: string) => {
    const title = o.taskTitles.get(id) ?? 'a task';
    return `[${oneLine(title)}](${o.origin}/task/${encodeURIComponent(id)})`;
  };
  const out: string[] = [];
  out.push(`# ${oneLine(agenda.title || agenda.task.title)} — minutes`, '');
  out.push(`- **Meeting:** ${taskLink(agenda.task.id)}`);
  out.push(`- **Held:** ${oneLine(o.heldAt)}`);
  out.push(
    `- **Time:** ${formatClock(agenda.totalTimeSpent)} spent of ${minutesText(agenda.totalMinutes)} planned`,
    '',
  );
  out.push('## Agenda', '');
  for (const s of [...agenda.segments].sort((a, b) => a.order - b.order)) {
    const heading = s.title ? `${oneLine(s.name)}: ${oneLine(s.title)}` : oneLine(s.name);
    out.push(`### ${s.order}. ${heading}`, '');
    out.push(`*${formatClock(s.timeSpent)} spent of ${minutesText(s.minutes)} planned*`, '');
    if (s.task) out.push(`About: ${taskLink(s.task.id)}`, '');
    if (s.description) out.push(escapeMarkdown(s.description), '');
    if (s.segmentData.length > 0) {
      for (const d of s.segmentData) {
        out.push(d.task ? `- ${oneLine(d.text)} → ${taskLink(d.task.id)}` : `- ${oneLine(d.text)}`);
      }
      out.push('');
    }
  }
  if (agenda.notes) out.push('## Notes', '', escapeMarkdown(agenda.notes), '');
  return `${out.join('\n').trimEnd()}\n`;
}

/** A file name for the minutes: the title in lower-case words joined by dashes. */
export function minutesFileName(agenda: Pick<AgendaView, 'title' | 'task'>): string {
  const base = (agenda.title || agenda.task.title)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'agenda'}-minutes.md`;
}
