import { describe, expect, it } from 'vitest';
import {
  CURRICULUM_MESSAGES,
  curriculumPath,
  doneDelta,
  LESSON_STATUSES,
  lessonStatusOf,
  progressPercent,
  progressRatio,
  taskStatusOf,
} from '../src/curricula/rules.ts';
import {
  addLearnerInput,
  createCurriculumInput,
  listCurriculaQuery,
  updateLessonInput,
} from '../src/curricula/schemas.ts';
import { TASK_STATUS } from '../src/tasks/constants.ts';
import { LIMITS } from '../src/user/limits.ts';

describe('lesson status ↔ task status (spec 002 §4)', () => {
  it('maps Not Started, Active and Done, and nothing else', () => {
    expect(lessonStatusOf(TASK_STATUS.notStarted)).toBe('not_started');
    expect(lessonStatusOf(TASK_STATUS.active)).toBe('in_progress');
    expect(lessonStatusOf(TASK_STATUS.done)).toBe('completed');
    expect(lessonStatusOf(TASK_STATUS.paused)).toBeNull();
    expect(lessonStatusOf(0)).toBeNull();
    expect(lessonStatusOf(99)).toBeNull();
  });
  it('goes back the same way for every lesson status', () => {
    for (const s of LESSON_STATUSES) expect(lessonStatusOf(taskStatusOf(s))).toBe(s);
  });
  it('counts a completion in and an undone completion out, once', () => {
    expect(doneDelta('not_started', 'completed')).toBe(1);
    expect(doneDelta('in_progress', 'completed')).toBe(1);
    expect(doneDelta('completed', 'completed')).toBe(0);
    expect(doneDelta('completed', 'in_progress')).toBe(-1);
    expect(doneDelta('not_started', 'in_progress')).toBe(0);
  });
});

describe('progressRatio', () => {
  it('is the completed share, 0 with no lessons, never above 1 or below 0', () => {
    expect(progressRatio(1, 3)).toBe(0.3333);
    expect(progressPercent(progressRatio(1, 3))).toBe(33);
    expect(progressRatio(2, 3)).toBe(0.6667);
    expect(progressRatio(0, 0)).toBe(0);
    expect(progressRatio(5, 3)).toBe(1);
    expect(progressRatio(-1, 3)).toBe(0);
    expect(progressRatio(200, 200)).toBe(1);
  });
});

describe('limits (spec 000 §9)', () => {
  it('gives curricula to teams and the trial, and none to the standard and free plans', () => {
    expect(LIMITS.teams_license.totalCurriculums).toBeGreaterThan(0);
    expect(LIMITS.full_14_days_trial.totalCurriculumLessons).toBeGreaterThan(0);
    expect(LIMITS.standard_license.totalCurriculums).toBe(0);
    expect(LIMITS.free_license.totalCurriculumLessons).toBe(0);
  });
});

describe('inputs', () => {
  it('refuses a blank title and an unknown type or mode', () => {
    const blank = createCurriculumInput.safeParse({ title: ' \u200b ', group: 'g1' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(CURRICULUM_MESSAGES.titleRequired);
    expect(createCurriculumInput.parse({ title: ' Onboarding ', group: 'g1' })).toEqual({
      title: 'Onboarding',
      group: 'g1',
      mode: 'active',
    });
    expect(createCurriculumInput.safeParse({ title: 'x', group: 'g1', mode: 'draft' }).success).toBe(false);
    expect(listCurriculaQuery.parse({})).toEqual({ type: 'own' });
    expect(listCurriculaQuery.safeParse({ type: 'mine' }).success).toBe(false);
  });
  it('takes a move or a whole status id, and a lower-cased learner address', () => {
    expect(updateLessonInput.parse({ sortCodeBefore: 'a0', sortCodeAfter: null })).toEqual({
      sortCodeBefore: 'a0',
      sortCodeAfter: null,
    });
    expect(updateLessonInput.safeParse({ status: 2.5 }).success).toBe(false);
    expect(addLearnerInput.parse({ email: ' Lea@Example.COM ' })).toEqual({ email: 'lea@example.com' });
    expect(addLearnerInput.safeParse({ email: 'nope' }).success).toBe(false);
  });
  it('links a lesson task back to its curriculum', () => {
    expect(curriculumPath('c 1')).toBe('/curriculum?id=c%201');
  });
});
