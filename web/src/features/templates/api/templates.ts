/**
 * Templates and folders (spec 002 §7 "Templates", "Folders"; docs/api/templates.md). SWR keys start
 * with 'templates'; every change reads the tree again.
 */

import * as routes from '@tandem/shared/api/areas/templates';
import type { ConvertType } from '@tandem/shared/templates/rules';
import type {
  CloneTemplateInput,
  CreateFolderInput,
  CreateTemplateInput,
  UpdateFolderInput,
  UpdateTemplateInput,
} from '@tandem/shared/templates/schemas';
import type {
  FolderView,
  TemplateConversionView,
  TemplateTreeView,
  TemplateView,
} from '@tandem/shared/templates/views';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const templatesKey = ['templates', 'tree'] as const;
export const useTemplateTree = () => useSWR(templatesKey, () => api<TemplateTreeView>(routes.listTemplates));
const refresh = () => mutate(templatesKey);

async function andRefresh<T>(p: Promise<T>): Promise<T> {
  const out = await p;
  await refresh();
  return out;
}

export const createTemplate = (body: CreateTemplateInput) =>
  andRefresh(api<TemplateView>(routes.createTemplate, { body }));
export const updateTemplate = (id: string, body: UpdateTemplateInput) =>
  andRefresh(api<TemplateView>(routes.updateTemplate, { params: { id }, body }));
export const deleteTemplate = (id: string) =>
  andRefresh(api<void>(routes.deleteTemplate, { params: { id } }));
export const cloneTemplate = (id: string, body: CloneTemplateInput = {}) =>
  andRefresh(api<TemplateView>(routes.cloneTemplate, { params: { id }, body }));
export const createFolder = (body: CreateFolderInput) =>
  andRefresh(api<FolderView>(routes.createFolder, { body }));
export const updateFolder = (id: string, body: UpdateFolderInput) =>
  andRefresh(api<FolderView>(routes.updateFolder, { params: { id }, body }));
export const deleteFolder = (id: string) => andRefresh(api<void>(routes.deleteFolder, { params: { id } }));

/** Template → draft task tree; `idempotencyKey` is kept by the caller for retries of one use. */
export const applyTemplate = (id: string, idempotencyKey: string) =>
  api<TemplateConversionView>(routes.convertTemplateToDraft, { params: { id }, body: { idempotencyKey } });

/** Task → template (the planning viewer's "convert to template"); a licence refusal is isLicenceRefusal. */
export const convertTaskToTemplate = (taskId: string, type: ConvertType, title?: string) =>
  andRefresh(
    api<TemplateView>(routes.convertTaskToTemplate, { params: { id: taskId }, body: { type, title } }),
  );

/** The 403 of convert-from-task without the Teams licence or the trial: show the upsell. */
export const isLicenceRefusal = (e: unknown) => e instanceof ApiError && e.status === 403;
