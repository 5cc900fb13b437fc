/**
 * POST /task/template/conversion/{id} (spec 002 §4 "A template converts to a draft"; decisions D57):
 * the template's tree copied as a draft task tree in the caller's lists; the template stays. Any
 * member of the template's group may apply it, into a group where they may create tasks.
 *
 * All or nothing, and idempotent on the client's key: an apply record (`TPLAPPLY#<key>` in the
 * caller's partition) is created first, conditional on its absence; the copy's ids are derived from
 * the caller, the key and the template node, so a retry names the same items. The copy goes in
 * transactions of at most 100 actions (tree-copy.ts writeCopy), each failure undoing the chunks
 * before it and removing the apply record, so the caller may simply send again. A retry after
 * success finds the record 'done' and answers the same tree, writing nothing.
 *
 * Assignees (D64): each node naming a task role is assigned to the person the template's role
 * mapping resolves it to (assign.ts): a mapped e-mail, or an account role's person. Roles nobody
 * resolves are answered as `unmappedRoles` (the warning of spec 002 §4) and their nodes stay with
 * the caller. A person resolved who is not an accepted member of the target group is refused (400,
 * nothing written): tasks are assigned to members only (spec 000, as POST /task), and the answer
 * names who to invite to the group first.
 */
import type { ConvertTemplateInput, TemplateConversionView } from '@tandem/shared';
import { can, TEMPLATE_MESSAGES } from '@tandem/shared';
import { TemplateApplyEntity } from '../../db/entities/template.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { readUser } from '../access/users.ts';
import { getUser } from '../user/user.ts';
import { groupAccess } from './access.ts';
import { assigneesFor } from './assign.ts';
import { loadTemplate } from './store.ts';
import { derivedId, planCopy, subtree, treeOf, writeCopy } from './tree-copy.ts';

type ApplyRecord = StoredItem<typeof TemplateApplyEntity>;

const WEEK_S = 7 * 24 * 3600;

/** The id of the copy of template node `nodeId` made by this caller's apply with this key. */
export const appliedId = (userId: string, key: string, nodeId: string) =>
  derivedId('apply', userId, key, nodeId);

export async function applyTemplate(
  actor: Actor,
  templateId: string,
  input: ConvertTemplateInput,
  now = new Date(),
): Promise<TemplateConversionView> {
  const key = input.idempotencyKey.trim();
  const existing = (await TemplateApplyEntity.get({ userId: actor.userId, key }).go()).data;
  if (existing) return answerExisting(existing, templateId);

  const t = await loadTemplate(templateId);
  await groupAccess(actor, t.groupId);
  if (t.type !== 'task') throw new ValidationError({ id: TEMPLATE_MESSAGES.notATemplate });
  const groupId = input.group ?? t.groupId;
  const target = await groupAccess(actor, groupId);
  if (!can(target.me.role, 'task.title'))
    throw new ForbiddenError('group', 'You cannot add tasks to this group.');
  const stored = await readUser(actor.userId);
  const creator = stored?.provisionedAt ? stored : await getUser(actor);
  const source = subtree(await treeOf(t.taskId), t.taskId);
  const people = await assigneesFor(actor, t.taskId, source, target.group, now);
  const plan = planCopy(source, {
    mode: 'draft',
    groupId,
    creator,
    newId: (old) => appliedId(actor.userId, key, old),
    now,
    assigneeOf: people.assigneeOf,
    managerOf: people.managerOf,
  });
  const record = {
    userId: actor.userId,
    key,
    templateId,
    rootId: plan.rootId,
    nodes: plan.tasks.length,
    assigneesResolved: true,
    unmappedRoles: people.unmapped,
    state: 'pending' as const,
    startedAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + WEEK_S,
  };
  try {
    await TemplateApplyEntity.create(record).go();
  } catch {
    // Another request with this key got there first.
    const raced = (await TemplateApplyEntity.get({ userId: actor.userId, key }).go()).data;
    if (raced) return answerExisting(raced, templateId);
    throw new ConflictError(TEMPLATE_MESSAGES.applying);
  }
  try {
    await writeCopy(plan, creator);
  } catch (e) {
    await TemplateApplyEntity.delete({ userId: actor.userId, key }).go();
    throw e;
  }
  await TemplateApplyEntity.patch({ userId: actor.userId, key }).set({ state: 'done' }).go();
  return {
    task: plan.rootId,
    nodes: plan.tasks.length,
    assigneesResolved: true,
    unmappedRoles: people.unmapped,
  };
}

function answerExisting(r: ApplyRecord, templateId: string): TemplateConversionView {
  if (r.templateId !== templateId) {
    throw new ValidationError({ idempotency_key: 'This key was already used to apply another template.' });
  }
  if (r.state === 'done') {
    return {
      task: r.rootId,
      nodes: r.nodes,
      assigneesResolved: r.assigneesResolved,
      unmappedRoles: r.unmappedRoles ?? [],
    };
  }
  // Still being written by another request (or by one whose function died between chunks: then
  // this key answers 409 until the record's TTL, and a new key applies afresh; D57).
  throw new ConflictError(TEMPLATE_MESSAGES.applying);
}
