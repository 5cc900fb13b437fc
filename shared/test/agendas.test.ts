import { describe, expect, test } from 'vitest';
import {
  AGENDA_MESSAGES,
  AGENDA_TEMPLATES,
  type AgendaView,
  addElapsed,
  agendasAllowed,
  agendaTemplateSummary,
  createAgendaInput,
  findAgendaTemplate,
  formatClock,
  isEmptySegment,
  launchNeedsConfirmation,
  listAgendasQuery,
  MAX_SEGMENTS,
  normaliseSegments,
  SEGMENT_ICONS,
  SEGMENT_KINDS,
  segmentInput,
  segmentsFromTemplate,
  TIME_SPENT_MAX,
  updateAgendaInput,
} from '../src/agendas/agendas.ts';
import { agendaMinutesMarkdown, escapeMarkdown, minutesFileName } from '../src/agendas/minutes.ts';

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('segments (spec 002 §3)', () => {
  test('take the fields of the spec, with defaults for what is left out', () => {
    expect(segmentInput.parse({ title: '  Budget ' })).toEqual({
      name: '',
      title: 'Budget',
      description: '',
      icon: 'message',
      segmentTemplate: 'topic',
      segmentData: [],
      task: null,
      minutes: 5,
      timeSpent: 0,
    });
    const full = segmentInput.parse({
      id: 's1',
      name: 'Decision',
      title: 'Pick a venue',
      description: 'Two options',
      icon: 'gavel',
      segmentTemplate: 'decision',
      segmentData: [{ text: 'Venue A', task: { id: 't9' } }],
      task: { id: 't1' },
      minutes: 15,
      timeSpent: 61,
      order: 3,
    });
    expect(full).toMatchObject({ task: { id: 't1' }, timeSpent: 61, segmentData: [{ task: { id: 't9' } }] });
  });

  test('refuse unknown kinds and icons, bad minutes and time spent, empty notes', () => {
    expect(errorsOf(segmentInput.safeParse({ segmentTemplate: 'party' }))).toEqual([AGENDA_MESSAGES.kind]);
    expect(errorsOf(segmentInput.safeParse({ icon: 'skull' }))).toEqual([AGENDA_MESSAGES.icon]);
    for (const minutes of [0, -1, 1.5, 481, '5']) {
      expect(errorsOf(segmentInput.safeParse({ minutes })), String(minutes)).toEqual([
        AGENDA_MESSAGES.minutes,
      ]);
    }
    for (const timeSpent of [-1, 0.5, TIME_SPENT_MAX + 1]) {
      expect(errorsOf(segmentInput.safeParse({ timeSpent })), String(timeSpent)).toEqual([
        AGENDA_MESSAGES.timeSpent,
      ]);
    }
    expect(segmentInput.safeParse({ timeSpent: TIME_SPENT_MAX }).success).toBe(true);
    expect(errorsOf(segmentInput.safeParse({ segmentData: [{ text: ' \u200b ' }] }))).toEqual([
      AGENDA_MESSAGES.itemEmpty,
    ]);
    expect(errorsOf(segmentInput.safeParse({ title: 'x'.repeat(201) }))).toEqual([
      AGENDA_MESSAGES.titleTooLong,
    ]);
  });

  test('every kind names an icon of the palette', () => {
    for (const k of Object.values(SEGMENT_KINDS)) expect(SEGMENT_ICONS).toContain(k.icon);
  });

  test('are numbered in the order given, keep their ids and take the kind’s name when unnamed', () => {
    let n = 0;
    const newId = () => `new${++n}`;
    const input = [
      segmentInput.parse({ id: 'b', title: 'Second', order: 9, segmentTemplate: 'decision' }),
      segmentInput.parse({ title: 'First', name: 'Opening', segmentData: [{ text: 'hello' }] }),
    ];
    const out = normaliseSegments(input, newId);
    expect(out.map((s) => [s.id, s.order, s.name])).toEqual([
      ['b', 1, 'Decision'],
      ['new1', 2, 'Opening'],
    ]);
    expect(out[1]!.segmentData).toEqual([{ id: 'new2', text: 'hello', task: null }]);
  });
});

describe('agenda bounds', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `S${i}` }));

  test(`an agenda of 10,000 segments is refused with a clear message; ${MAX_SEGMENTS} pass`, () => {
    const huge = createAgendaInput.safeParse({ task: 't1', segments: many(10_000) });
    expect(huge.success).toBe(false);
    expect(errorsOf(huge)).toContain(AGENDA_MESSAGES.tooManySegments);
    expect(AGENDA_MESSAGES.tooManySegments).toBe('An agenda has at most 50 segments.');
    expect(createAgendaInput.safeParse({ task: 't1', segments: many(MAX_SEGMENTS) }).success).toBe(true);
    expect(errorsOf(updateAgendaInput.safeParse({ id: 't1', segments: many(MAX_SEGMENTS + 1) }))).toEqual([
      AGENDA_MESSAGES.tooManySegments,
    ]);
  });

  test('the list pages over the newest 1,000 at most', () => {
    expect(listAgendasQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(listAgendasQuery.safeParse({ page: '10', limit: '100' }).success).toBe(true);
    expect(errorsOf(listAgendasQuery.safeParse({ page: '2147483648' }))).toEqual(['At most page 10.']);
    expect(listAgendasQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  test('a segment holds at most 50 notes; ids are unique; the task and id are required', () => {
    const items = Array.from({ length: 51 }, () => ({ text: 'x' }));
    expect(errorsOf(segmentInput.safeParse({ segmentData: items }))).toEqual([AGENDA_MESSAGES.tooManyItems]);
    expect(
      errorsOf(createAgendaInput.safeParse({ task: 't', segments: [{ id: 'a' }, { id: 'a' }] })),
    ).toEqual([AGENDA_MESSAGES.duplicateSegment]);
    expect(errorsOf(createAgendaInput.safeParse({ task: '  ' }))).toEqual([AGENDA_MESSAGES.taskRequired]);
    expect(errorsOf(updateAgendaInput.safeParse({ segments: [] }))).toEqual([AGENDA_MESSAGES.idRequired]);
    expect(createAgendaInput.safeParse({ task: 't', extra: 1 }).success).toBe(false);
    expect(errorsOf(createAgendaInput.safeParse({ task: 't', notes: 'x'.repeat(20_001) }))).toEqual([
      AGENDA_MESSAGES.notesTooLong,
    ]);
  });
});

describe('launching (000 §2 Agenda panel)', () => {
  test('asks first when any segment is empty', () => {
    const full = { title: 'Budget', description: '', segmentData: [] };
    const empty = { title: ' ', description: '', segmentData: [] };
    expect(isEmptySegment(empty)).toBe(true);
    expect(isEmptySegment({ ...empty, segmentData: [{ id: 'i', text: 'x', task: null }] })).toBe(false);
    expect(launchNeedsConfirmation([full])).toBe(false);
    expect(launchNeedsConfirmation([full, empty])).toBe(true);
  });
});

describe('the meeting clock', () => {
  test('formats m:ss, h:mm:ss, and time over the plan with a minus', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3_661)).toBe('1:01:01');
    expect(formatClock(-30)).toBe('−0:30');
  });

  test('adds whole elapsed seconds, never past a day and never backwards', () => {
    expect(addElapsed(10, 1_000, 6_999)).toBe(15);
    expect(addElapsed(10, 5_000, 1_000)).toBe(10);
    expect(addElapsed(TIME_SPENT_MAX - 1, 0, 10_000)).toBe(TIME_SPENT_MAX);
  });
});

describe('agenda templates', () => {
  test('have unique ids, valid segments, and summaries of count and minutes', () => {
    const ids = AGENDA_TEMPLATES.map((t) => t.agendaTemplateId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of AGENDA_TEMPLATES) {
      const parsed = createAgendaInput.safeParse({ task: 't', segments: segmentsFromTemplate(t) });
      expect(parsed.success, t.templateName).toBe(true);
    }
    const team = findAgendaTemplate('team-meeting')!;
    expect(agendaTemplateSummary(team)).toMatchObject({
      templateName: 'Team meeting',
      segmentCount: 5,
      totalMinutes: 50,
    });
    expect(findAgendaTemplate('nope')).toBeUndefined();
  });
});

describe('the agendas allow-list (issue 17 item 5)', () => {
  test('empty means everyone', () => {
    expect(agendasAllowed('', 'anyone@example.com')).toBe(true);
    expect(agendasAllowed(undefined, 'anyone@example.com')).toBe(true);
    expect(agendasAllowed(' , ', 'anyone@example.com')).toBe(true);
  });
  test('otherwise only the listed addresses and domains, case-insensitively', () => {
    const list = 'Ops@Tandem.test, @staff.example';
    expect(agendasAllowed(list, 'ops@tandem.test')).toBe(true);
    expect(agendasAllowed(list, 'ANN@staff.example')).toBe(true);
    expect(agendasAllowed(list, 'ann@example.com')).toBe(false);
    expect(agendasAllowed(list, 'ann@sub.staff.example')).toBe(false);
    expect(agendasAllowed(list, '')).toBe(false);
    expect(agendasAllowed(list, null)).toBe(false);
  });
});

describe('minutes as Markdown', () => {
  const agenda: AgendaView = {
    id: 't1',
    task: { id: 't1', title: 'Weekly sync' },
    title: 'Weekly sync',
    notes: '# not a heading\nSecond line',
    template: 'team-meeting',
    segments: [
      {
        id: 's2',
        name: 'Decision',
        title: 'Venue',
        description: '',
        icon: 'gavel',
        segmentTemplate: 'decision',
        segmentData: [{ id: 'i1', text: 'Book room *A*', task: { id: 't9' } }],
        task: null,
        minutes: 10,
        timeSpent: 125,
        order: 2,
      },
      {
        id: 's1',
        name: 'Check-in',
        title: '',
        description: 'Say hello',
        icon: 'users',
        segmentTemplate: 'check-in',
        segmentData: [{ id: 'i2', text: '- first', task: null }],
        task: { id: 't7' },
        minutes: 5,
        timeSpent: 60,
        order: 1,
      },
    ],
    linkedTasks: [],
    totalMinutes: 15,
    totalTimeSpent: 185,
    version: 3,
    createdBy: 'u',
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:30:00.000Z',
  };

  test('list the segments in order with time spent, notes, and the tasks made or linked', () => {
    const md = agendaMinutesMarkdown(agenda, {
      heldAt: '2026-11-26 10:00',
      taskTitles: new Map([
        ['t1', 'Weekly sync'],
        ['t9', 'Book the room'],
      ]),
      origin: 'https://app.example',
    });
    expect(md).toBe(
      [
        '# Weekly sync — minutes',
        '',
        '- **Meeting:** [Weekly sync](https://app.example/task/t1)',
        '- **Held:** 2026-11-26 10:00',
        '- **Time:** 3:05 spent of 15 min planned',
        '',
        '## Agenda',
        '',
        '### 1. Check-in',
        '',
        '*1:00 spent of 5 min planned*',
        '',
        'About: [a task](https://app.example/task/t7)',
        '',
        'Say hello',
        '',
        '- \\- first',
        '',
        '### 2. Decision: Venue',
        '',
        '*2:05 spent of 10 min planned*',
        '',
        '- Book room \\*A\\* → [Book the room](https://app.example/task/t9)',
        '',
        '## Notes',
        '',
        '\\# not a heading',
        'Second line',
        '',
      ].join('\n'),
    );
  });

  test('escape what people typed and name the file from the title', () => {
    expect(escapeMarkdown('[x](javascript:alert(1))')).toBe('\\[x\\]\\(javascript:alert\\(1\\)\\)');
    expect(escapeMarkdown('1. one')).toBe('1\\. one');
    expect(minutesFileName(agenda)).toBe('weekly-sync-minutes.md');
    expect(minutesFileName({ title: '', task: { id: 'x', title: '!!!' } })).toBe('agenda-minutes.md');
  });
});
