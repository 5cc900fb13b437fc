/** What the schedule and time-blocking calls answer (camelCase here, snake_case on the wire). */
export interface ScheduledTaskView {
  /** The task's id: a task has at most one schedule. */
  id: string;
  initialDate: string | null;
  startDate: string;
  endDate: string | null;
  allDay: boolean;
  flexibleTime: 1 | 2 | 3 | 4;
  recurRule: string | null;
  exDate: string[];
  rDate: string[];
  duration: number;
  timezone: string;
  scheduledAttendees: Array<{ email: string }>;
  /** Each attendee's answer to their invitation. */
  pendingAttendees?: Array<{ email: string; status: 'pending' | 'accepted' | 'refused' }>;
}

/** One occurrence of a scheduled task in a window (GET /task/schedule). */
export interface OccurrenceView {
  taskId: string;
  title: string;
  description: string;
  status: number;
  group: { id: string; title: string; color: string };
  /** The task's level, for the header's level selection. */
  level: number;
  start: string;
  end: string;
  allDay: boolean;
  /** The schedule repeats; `originalStart` names this occurrence for instance-only changes. */
  recurring: boolean;
  originalStart: string;
  recurRule: string | null;
  timezone: string;
  /** The task is a routine definition (priority group 6): its occurrences are routine instances. */
  routine: boolean;
  /** The caller may move it (task.scheduledTask permission). */
  editable: boolean;
}

export interface TimeBlockView {
  id: string;
  startDate: string;
  endDate: string | null;
  exDate: string[];
  rDate: string[];
  recurRule: string | null;
  duration: number;
  timezone: string;
  /** The header selection the block switches to: a group, or a category of groups. */
  group: string | null;
  groupCategory: string | null;
  /** Whether now falls in one of its occurrences, in its own zone. */
  active: boolean;
}

/** What GET /task/normalization answers (spec 001 §7): the day's normalisation for the caller. */
export interface NormalizationView {
  day: string;
  movedToNow: number;
  movedToScheduled: number;
  definitions: number;
  instances: number;
  reminded: boolean;
  /**
   * The priority groups of the person's lists this run changed (a task left or joined them), in
   * order; empty when nothing moved, so the caller reads no list again (decisions D34).
   */
  changed: number[];
}
