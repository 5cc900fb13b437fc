/**
 * The seam for templates (docs/api/roles.md): who may read or edit a template's role mapping. Templates
 * live in core/templates; until this module asks them (the template's group: its accepted members read,
 * its owners edit), no template is found (404). Kept in a module of its own so core/templates may import
 * the role-mapping reads without a cycle.
 */
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';

export async function templateAccess(_actor: Actor, _templateId: string, _edit: boolean): Promise<void> {
  throw new NotFoundError();
}
