/** The task grid's address (ours, D56): a view of /tasks. `?view=<id>` names a saved view. */
export const GRID_PATH = '/tasks/grid';
