/** The agendas screens' rules (decisions D67): the tab only for a scheduled task and an allowed person; drafts to the API. */
import { findAgendaTemplate, segmentInput } from '@tandem/shared/agendas/agendas';
import type { ScheduledTaskView } from '@tandem/shared/time/views';
import { describe, expect, it } from 'vitest';
import { agendasAllowed } from '../src/config/allow-list.ts';
import { showsAgendasTab } from '../src/features/agendas/components/agendas-tab.tsx';
import { draftFromTemplate, newDraftSegment, segmentsInput } from '../src/features/agendas/utils/draft.ts';

const scheduled = { scheduledTask: { id: 's' } as unknown as ScheduledTaskView };

describe('the agendas tab (000 §2)', () => {
  it('shows only when the task has a schedule and the server lets the person use agendas', () => {
    expect(showsAgendasTab(scheduled, { agendasAllowed: true })).toBe(true);
    expect(showsAgendasTab({ scheduledTask: null }, { agendasAllowed: true })).toBe(false);
    expect(showsAgendasTab(null, { agendasAllowed: true })).toBe(false);
    expect(showsAgendasTab(scheduled, { agendasAllowed: false })).toBe(false);
    // Settings not read yet: hidden until the server says.
    expect(showsAgendasTab(scheduled, undefined)).toBe(false);
    expect(agendasAllowed({})).toBe(false);
  });
});

describe('agenda drafts', () => {
  it('start from a template and go to the API in their order, without local keys, as valid input', () => {
    const draft = draftFromTemplate(findAgendaTemplate('retrospective')!);
    const moved = [draft[4]!, ...draft.slice(0, 4), newDraftSegment('break')];
    const input = segmentsInput(moved);
    expect(input.map((s) => s.segmentTemplate)).toEqual([
      'action-items',
      'check-in',
      'discussion',
      'discussion',
      'decision',
      'break',
    ]);
    for (const s of input) {
      expect(s).not.toHaveProperty('key');
      expect(segmentInput.safeParse(s).success).toBe(true);
    }
    expect(new Set(moved.map((s) => s.key)).size).toBe(moved.length);
  });
});
