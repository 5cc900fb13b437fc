/** A whole TaskView for the web's unit tests: an active task of Ann's in Work, changed by `over`. */
import type { Permission } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';

export const taskView = (over: Partial<TaskView> = {}): TaskView => ({
  id: 't1',
  title: 'Write report',
  taskDetails: { description: 'draft it', flag: 3 },
  status: { id: 1, title: 'Not Started' },
  mode: 'active',
  level: { id: 7 },
  priorityGroup: { id: 0 },
  customSortCode: 'a0',
  taskPosition: 'top',
  group: { id: 'g1', title: 'Work', owner: 'u1' },
  parent: null,
  childCount: 0,
  dueAt: null,
  completionAt: null,
  activatedAt: null,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  user: { id: 'u1', name: 'Ann Lee', avatar: null },
  manager: null,
  taskAssignees: [],
  pendingAssignees: [],
  delegationType: 'SI',
  role: 1,
  permissions: [],
  pinnedToToday: false,
  scheduledTask: null,
  ...over,
});

/** Every permission the task form asks about. */
export const ALL_TASK_PERMISSIONS: Permission[] = [
  'task.title',
  'task.description',
  'task.dueAt',
  'task.flag',
  'task.status',
  'task.level',
  'task.group',
  'task.priorityGroup',
  'task.mode',
  'task.addChildren',
  'task.deleteTask',
];
