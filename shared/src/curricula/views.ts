/** What the curriculum calls answer (snake_case on the wire; decisions D66). */
import type { CurriculumMode, CurriculumType, LessonStatus } from './rules.ts';

export interface LearnerProgressView {
  user: string;
  email: string;
  name: string;
  completed: number;
  progressRatio: number;
}

export interface CurriculumView {
  id: string;
  title: string;
  group: { id: string; title: string };
  mode: CurriculumMode;
  /** The caller's relation: own, delegated (a learner) or template. */
  type: CurriculumType;
  owner: { id: string; name: string };
  isOwner: boolean;
  lessonCount: number;
  /** The caller's own progress: the author's track, or a learner's own. */
  completed: number;
  progressRatio: number;
  /** Each learner's progress; the author sees all, a learner only their own. */
  learners: LearnerProgressView[];
  createdAt: string;
}

/** One lesson in the caller's track. */
export interface LessonView {
  /** The lesson (the same for every track; moves name it). */
  id: string;
  curriculum: string;
  sortCode: string;
  order: number;
  /** The caller's lesson task (status changes name it or the lesson). */
  task: { id: string; title: string; status: number; completionAt: string | null };
  status: LessonStatus;
}
