/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Agendas and agenda templates (spec 002 §7 "Agenda"; issue 17 items 3 and 5; docs/api/agendas.md)
export const listAgendaTemplates = {
  method: 'GET',
  path: '/agenda/templates',
  auth: 'user',
  handler: 'agendas/list-agenda-templates',
} as const satisfies RouteDef;
export const getAgendaTemplate = {
  method: 'GET',
  path: '/agenda/templates/{id}',
  auth: 'user',
  handler: 'agendas/get-agenda-template',
} as const satisfies RouteDef;
export const createAgenda = {
  method: 'POST',
  path: '/agenda/',
  auth: 'user',
  handler: 'agendas/create-agenda',
} as const satisfies RouteDef;
export const updateAgenda = {
  method: 'PUT',
  path: '/agenda/',
  auth: 'user',
  handler: 'agendas/update-agenda',
} as const satisfies RouteDef;
export const listAgendas = {
  method: 'GET',
  path: '/agenda/',
  auth: 'user',
  handler: 'agendas/list-agendas',
} as const satisfies RouteDef;
export const getAgenda = {
  method: 'GET',
  path: '/agenda/{id}',
  auth: 'user',
  handler: 'agendas/get-agenda',
} as const satisfies RouteDef;
export const deleteAgenda = {
  method: 'DELETE',
  path: '/agenda/{id}/',
  auth: 'user',
  handler: 'agendas/delete-agenda',
} as const satisfies RouteDef;
/** Ours: the meeting's invitation, iCalendar text in JSON (the task's schedule, the agenda in its description). */
export const getAgendaInvitation = {
  method: 'GET',
  path: '/agenda/{id}/invitation',
  auth: 'user',
  handler: 'agendas/get-agenda-invitation',
} as const satisfies RouteDef;
