/** What the template and folder calls answer (camelCase inside; snake_case on the wire). */
import type { CustomFieldTemplateView } from '../custom-fields/views.ts';
import type { TemplateType } from './rules.ts';

export interface TemplateView {
  id: string;
  title: string;
  type: TemplateType;
  /** The template's root task (mode 'template') and its group. */
  task: { id: string; group: string };
  folder: { id: string } | null;
  createdAt: string;
  /** Whether the caller is an owner of the group (may edit, clone, move, delete). */
  isOwner: boolean;
}

export interface FolderView {
  id: string;
  title: string;
  parent: { id: string } | null;
  group: string;
  createdAt: string;
  isOwner: boolean;
}

/** One group of GET /task/template: its folders and its templates (newest first). */
export interface TemplateGroupView {
  id: string;
  title: string;
  metadata: { icon: string; color: string };
  /** The caller archived the group (shown dimmed). */
  archived: boolean;
  isOwner: boolean;
  folders: FolderView[];
  templates: TemplateView[];
  /** More than the bound were stored; the rest are not in this answer. */
  truncated: boolean;
}

/** GET /task/template: the tree data, and the caller's custom-field templates (D49). */
export interface TemplateTreeView {
  groups: TemplateGroupView[];
  customFieldTemplates: CustomFieldTemplateView[];
}

/** POST /task/template/conversion/{id}. */
export interface TemplateConversionView {
  /** The new draft tree's root task. */
  task: string;
  nodes: number;
  /** Whether assignees were resolved through the template's role mapping. */
  assigneesResolved: boolean;
  /** Task roles of the tree that the mapping resolved to nobody: their tasks stay with the caller
   * (spec 002 §4: unmapped roles warn, planning.should-map-roles). */
  unmappedRoles: string[];
}
