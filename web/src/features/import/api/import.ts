/**
 * The task import calls (issue 14 item 7; docs/api/import.md): the preview sends the file as a form
 * and writes nothing; the import sends the previewed rows back with a key made once per preview, so
 * sending them again (a retry after a lost answer) adds nothing twice.
 */
import * as routes from '@tandem/shared/api/areas/import';
import type { ImportFormat, ImportPreview, ImportResult, ImportRow } from '@tandem/shared/import/import';
import { api } from '../../../lib/api.ts';
import { revalidateTasks } from '../../tasks/api/tasks.ts';

export function previewImport(file: File, opts: { format?: ImportFormat; timezone: string }) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<ImportPreview>(routes.previewTaskImport, {
    body,
    query: { timezone: opts.timezone, ...(opts.format ? { format: opts.format } : {}) },
  });
}

export async function importTasks(input: { group: string; rows: ImportRow[]; idempotencyKey: string }) {
  const result = await api<ImportResult>(routes.importTasks, { body: input });
  await revalidateTasks();
  return result;
}
