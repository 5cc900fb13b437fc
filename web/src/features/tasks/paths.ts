/** The task's own address (spec 000 §2: /task/{id}); the copy-link action builds it from the origin. */
export const TASK_ROUTE = '/task/:taskId';
export const taskPath = (id: string): string => `/task/${encodeURIComponent(id)}`;
