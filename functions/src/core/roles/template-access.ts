/**
 * Who may read or edit a template's role mapping (docs/api/roles.md): the template's group decides,
 * as for the template itself (core/templates/access.ts, D57) — its accepted members read, its owners
 * edit, anyone else gets 404. Kept in a module of its own so core/templates may import the
 * role-mapping reads without a cycle.
 */
import type { Actor } from '../../lib/actor.ts';
import { groupAccess, ownerAccess } from '../templates/access.ts';
import { loadTemplate } from '../templates/store.ts';

export async function templateAccess(actor: Actor, templateId: string, edit: boolean): Promise<void> {
  const template = await loadTemplate(templateId);
  if (edit) await ownerAccess(actor, template.groupId);
  else await groupAccess(actor, template.groupId);
}
