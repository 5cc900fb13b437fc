/** The template and folder calls' input (spec 002 §7 "Templates", "Folders"; decisions D57). */
import * as z from 'zod/mini';
import { hasVisibleText } from '../api/limit-values.ts';
import { entityId, idField } from '../api/limits.ts';
import { CONVERT_TYPES, MAX_TEMPLATE_NODES, TEMPLATE_MESSAGES, TEMPLATE_TITLE_MAX } from './rules.ts';

const title = z
  .string({ error: TEMPLATE_MESSAGES.titleRequired })
  .check(
    z.trim(),
    z.minLength(1, TEMPLATE_MESSAGES.titleRequired),
    z.maxLength(TEMPLATE_TITLE_MAX, `At most ${TEMPLATE_TITLE_MAX} characters.`),
    z.refine(hasVisibleText, TEMPLATE_MESSAGES.titleRequired),
  );

/** A node of a new template's tree (the AI builder's proposal, D64): `parent` names another node's
 * `ref`, or is null for a child of the root; parents come before their children. */
export const templateNodeInput = z.strictObject({
  ref: z.string().check(z.minLength(1), z.maxLength(40)),
  parent: z.nullable(z.string().check(z.maxLength(40))),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, TEMPLATE_MESSAGES.titleRequired),
      z.maxLength(TEMPLATE_TITLE_MAX, `At most ${TEMPLATE_TITLE_MAX} characters.`),
    ),
});
export type TemplateNodeInput = z.infer<typeof templateNodeInput>;

/** POST /task/template: a new task template (its root task has the template's title), empty or
 * with a tree of titled nodes (the AI builder's "Save as template"). */
export const createTemplateInput = z.object({
  title,
  group: entityId,
  folder: z.optional(z.nullable(entityId)),
  nodes: z.optional(z.array(templateNodeInput).check(z.maxLength(MAX_TEMPLATE_NODES - 1))),
});
export type CreateTemplateInput = z.infer<typeof createTemplateInput>;

/** PATCH /task/template/{id}: a rename, or a move to another folder (null: the group's top) or group. */
export const updateTemplateInput = z.object({
  title: z.optional(title),
  group: z.optional(entityId),
  folder: z.optional(z.nullable(entityId)),
});
export type UpdateTemplateInput = z.infer<typeof updateTemplateInput>;

/** POST /task/template/clone/{id}: a copy beside the original, titled "<title> (copy)" unless given. */
export const cloneTemplateInput = z.object({
  title: z.optional(title),
  group: z.optional(entityId),
  folder: z.optional(z.nullable(entityId)),
});
export type CloneTemplateInput = z.infer<typeof cloneTemplateInput>;

/** POST /task/template/convert-from-task/{id} (spec 002 §4). */
export const convertFromTaskInput = z.object({
  type: z.enum(CONVERT_TYPES, { error: "Type is 'task' or 'custom-field'." }),
  title: z.optional(title),
  folder: z.optional(z.nullable(entityId)),
});
export type ConvertFromTaskInput = z.infer<typeof convertFromTaskInput>;

/**
 * POST /task/template/conversion/{id}: the template becomes a draft task tree. The client sends an
 * idempotency key; a retry with the same key answers the same tree and writes nothing new.
 */
export const convertTemplateInput = z.object({
  idempotencyKey: idField('An idempotency key is required.').check(z.maxLength(64, 'At most 64 characters.')),
  /** The group the draft goes to; the template's own group by default. */
  group: z.optional(entityId),
});
export type ConvertTemplateInput = z.infer<typeof convertTemplateInput>;

/** POST /task/folder. */
export const createFolderInput = z.object({
  title,
  group: entityId,
  parent: z.optional(z.nullable(entityId)),
});
export type CreateFolderInput = z.infer<typeof createFolderInput>;

/** PATCH /task/folder/{id}: a rename, or a move under another folder of its group (null: the top). */
export const updateFolderInput = z.object({
  title: z.optional(title),
  parent: z.optional(z.nullable(entityId)),
});
export type UpdateFolderInput = z.infer<typeof updateFolderInput>;
