/**
 * Quick add: one line of text → a task. "Call Anna tomorrow 3pm !urgent #Work" gives the title
 * "Call Anna", a due date (tomorrow 15:00 in the person's zone), the urgent flag and the group Work.
 * Dates are read by chrono-node in the language of the interface (English first; see PARSERS);
 * the flag and the group are our own markers. Every recognised part keeps its place in the text, so
 * the screen can highlight it before saving.
 */
import * as chrono from 'chrono-node';
import { DateTime } from '../../../lib/time/luxon.ts';

export interface QuickAddGroup {
  id: string;
  title: string;
}

export type QuickAddPartKind = 'date' | 'flag' | 'group';
export interface QuickAddPart {
  kind: QuickAddPartKind;
  /** Where the part is in the typed text (end exclusive). */
  start: number;
  end: number;
}

export interface QuickAdd {
  /** The text without the recognised parts, spaces tidied. */
  title: string;
  /** ISO instant; a date without a time is due at the end of that day (23:59), as the form's shortcuts. */
  dueAt: string | null;
  /** The date named a time of day. */
  dueHasTime: boolean;
  urgent: boolean;
  group: QuickAddGroup | null;
  /** A `#name` that matches none of the person's groups. */
  unknownGroup: string | null;
  parts: QuickAddPart[];
}

/** Date parsers by interface language; a language without one reads dates in English. */
const PARSERS: Record<string, chrono.Chrono> = {
  en: chrono.en.casual,
  fr: chrono.fr.casual,
  de: chrono.de.casual,
  nl: chrono.nl.casual,
  ja: chrono.ja.casual,
};
const parserFor = (language: string) => PARSERS[language.slice(0, 2).toLowerCase()] ?? chrono.en.casual;

const FLAG = /(^|\s)(!urgent|!!)(?=\s|$)/giu;
const GROUP = /(^|\s)#(\S+)/gu;

/** Group titles compare without case, spaces, dashes or underscores: #my_garden finds "My garden". */
const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

export function findGroup(name: string, groups: readonly QuickAddGroup[]): QuickAddGroup | null {
  const key = squash(name);
  if (!key) return null;
  const exact = groups.filter((g) => squash(g.title) === key);
  if (exact.length === 1) return exact[0]!;
  const prefixed = groups.filter((g) => squash(g.title).startsWith(key));
  return prefixed.length === 1 ? prefixed[0]! : null;
}

export function parseQuickAdd(
  text: string,
  opts: { zone: string; now: Date; groups: readonly QuickAddGroup[]; language?: string },
): QuickAdd {
  const parts: QuickAddPart[] = [];
  let urgent = false;
  let group: QuickAddGroup | null = null;
  let unknownGroup: string | null = null;

  for (const m of text.matchAll(FLAG)) {
    const start = m.index + m[1]!.length;
    parts.push({ kind: 'flag', start, end: start + m[2]!.length });
    urgent = true;
  }
  for (const m of text.matchAll(GROUP)) {
    if (group) break; // the first #name that is a group counts; others stay in the title
    const start = m.index + m[1]!.length;
    const found = findGroup(m[2]!, opts.groups);
    if (found) {
      group = found;
      unknownGroup = null;
      parts.push({ kind: 'group', start, end: start + 1 + m[2]!.length });
    } else unknownGroup ??= m[2]!;
  }

  // Dates are looked for in the text with the markers blanked out (same length: places stay true).
  let masked = text;
  for (const p of parts)
    masked = masked.slice(0, p.start) + ' '.repeat(p.end - p.start) + masked.slice(p.end);
  // chrono reads a wall clock: give it the person's "now" as a local date with the same fields.
  const wall = DateTime.fromJSDate(opts.now).setZone(opts.zone);
  const ref = new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const found = parserFor(opts.language ?? 'en').parse(masked, ref, { forwardDate: true })[0];

  let dueAt: string | null = null;
  let dueHasTime = false;
  if (found) {
    const c = found.start;
    dueHasTime = c.isCertain('hour');
    const due = DateTime.fromObject(
      {
        year: c.get('year') ?? wall.year,
        month: c.get('month') ?? wall.month,
        day: c.get('day') ?? wall.day,
        hour: dueHasTime ? (c.get('hour') ?? 0) : 23,
        minute: dueHasTime ? (c.get('minute') ?? 0) : 59,
      },
      { zone: opts.zone },
    );
    if (due.isValid) {
      dueAt = due.toUTC().toISO({ suppressMilliseconds: true });
      parts.push({ kind: 'date', start: found.index, end: found.index + found.text.length });
    }
  }

  parts.sort((a, b) => a.start - b.start);
  let title = '';
  let at = 0;
  for (const p of parts) {
    title += `${text.slice(at, p.start)} `;
    at = p.end;
  }
  title += text.slice(at);
  return {
    title: title.replace(/\s+/g, ' ').trim(),
    dueAt,
    dueHasTime,
    urgent,
    group,
    unknownGroup,
    parts,
  };
}
