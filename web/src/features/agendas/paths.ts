/** The agenda screens' addresses (spec 002 §2 "Agenda screens"; 000 §2). */
export const agendaPaths = {
  designer: '/agenda/designer',
  designerTemplate: '/agenda/designer/template/:templateId',
  designerAgenda: '/agenda/designer/agenda/:agendaId',
  editor: '/agenda/editor/agenda/:agendaId',
  meeting: '/agenda/meeting/:meetingId',
} as const;

const withTask = (path: string, taskId?: string) =>
  taskId ? `${path}?task=${encodeURIComponent(taskId)}` : path;

/** The designer, from a template, for a task (`?task=`). */
export const designerFromTemplatePath = (templateId: string, taskId?: string) =>
  withTask(`/agenda/designer/template/${encodeURIComponent(templateId)}`, taskId);
export const blankDesignerPath = (taskId?: string) => withTask(agendaPaths.designer, taskId);
/** An agenda's id is its task's id (decisions D67). */
export const editorPath = (agendaId: string) => `/agenda/editor/agenda/${encodeURIComponent(agendaId)}`;
export const meetingPath = (agendaId: string) => `/agenda/meeting/${encodeURIComponent(agendaId)}`;
