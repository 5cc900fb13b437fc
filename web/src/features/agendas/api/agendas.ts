/** The agenda calls (spec 002 §7 "Agenda"; docs/api/agendas.md), with their SWR keys. */
import type {
  AgendaTemplate,
  AgendaTemplateSummary,
  AgendaView,
  SegmentInput,
} from '@tandem/shared/agendas/agendas';
import * as routes from '@tandem/shared/api/areas/agendas';
import type { Page } from '@tandem/shared/api/pagination';
import { searchTasks as searchTasksRoute } from '@tandem/shared/api/route-defs';
import type { TaskView } from '@tandem/shared/tasks/views';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';

export const agendaTemplatesKey = ['agendas', 'templates'] as const;
export const agendaTemplateKey = (id: string) => ['agendas', 'template', id] as const;
export const agendaKey = (id: string) => ['agendas', 'one', id] as const;
export const taskAgendaKey = (taskId: string) => ['agendas', 'of-task', taskId] as const;
export const myAgendasKey = ['agendas', 'mine'] as const;

export const useAgendaTemplates = () =>
  useSWR(
    agendaTemplatesKey,
    async () => (await api<Page<AgendaTemplateSummary>>(routes.listAgendaTemplates)).results,
  );

export const useAgendaTemplate = (id: string | null) =>
  useSWR(id ? agendaTemplateKey(id) : null, () =>
    api<AgendaTemplate>(routes.getAgendaTemplate, { params: { id: id! } }),
  );

export const getAgenda = (id: string) => api<AgendaView>(routes.getAgenda, { params: { id } });
export const useAgenda = (id: string | null) => useSWR(id ? agendaKey(id) : null, () => getAgenda(id!));

/** A task's agenda, or null when it has none (GET /agenda/?task=). */
export const useTaskAgenda = (taskId: string | null) =>
  useSWR(taskId ? taskAgendaKey(taskId) : null, async () => {
    const page = await api<Page<AgendaView>>(routes.listAgendas, { query: { task: taskId! } });
    return page.results[0] ?? null;
  });

export const useMyAgendas = () =>
  useSWR(
    myAgendasKey,
    async () => (await api<Page<AgendaView>>(routes.listAgendas, { query: { limit: 100 } })).results,
  );

/** Every view of this agenda shows the stored one. */
async function stored(agenda: AgendaView): Promise<AgendaView> {
  await Promise.all([
    mutate(agendaKey(agenda.id), agenda, { revalidate: false }),
    mutate(taskAgendaKey(agenda.task.id), agenda, { revalidate: false }),
    mutate(myAgendasKey),
  ]);
  return agenda;
}

export interface AgendaDraft {
  title: string;
  notes: string;
  segments: SegmentInput[];
}

export async function createAgenda(
  taskId: string,
  draft: AgendaDraft,
  template: string | null,
): Promise<AgendaView> {
  return stored(await api<AgendaView>(routes.createAgenda, { body: { task: taskId, template, ...draft } }));
}

/** PUT /agenda/ with the version read: a change made meanwhile is refused (409), not overwritten. */
export async function saveAgenda(id: string, version: number, draft: AgendaDraft): Promise<AgendaView> {
  return stored(await api<AgendaView>(routes.updateAgenda, { body: { id, version, ...draft } }));
}

export async function deleteAgenda(agenda: AgendaView): Promise<void> {
  await api<unknown>(routes.deleteAgenda, { params: { id: agenda.id } });
  await Promise.all([
    mutate(agendaKey(agenda.id), undefined, { revalidate: false }),
    mutate(taskAgendaKey(agenda.task.id), null, { revalidate: false }),
    mutate(myAgendasKey),
  ]);
}

export const getInvitation = (id: string) =>
  api<{ fileName: string; contentType: string; content: string }>(routes.getAgendaInvitation, {
    params: { id },
  });

/** Tasks to link in a meeting (GET /task/search). */
export const searchTasks = async (q: string) =>
  (await api<{ count: number; results: TaskView[] }>(searchTasksRoute, { query: { search: q } })).results;
