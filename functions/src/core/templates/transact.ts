/**
 * Write transactions of the templates area: db/transact.ts's, with the template and folder entities
 * beside the task, group, membership and user ones
 * (db/service.ts `taskWriteEntities`). They are not registered in db/service.ts because every bundle that
 * writes a transaction (update-task among them) would carry them and pass the 410 KB ceiling
 * (infra/test/bundles.test.ts; decisions D57).
 */
/// <reference path="../../db/electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { FolderEntity } from '../../db/entities/folder.ts';
import { TemplateApplyEntity, TemplateEntity, TemplateTitleEntity } from '../../db/entities/template.ts';
import { taskWriteEntities as tableEntities } from '../../db/service.ts';
import { TransactionCanceledError } from '../../db/transact.ts';

export const templateEntities = {
  ...tableEntities,
  template: TemplateEntity,
  templateTitle: TemplateTitleEntity,
  templateApply: TemplateApplyEntity,
  folder: FolderEntity,
};

type WriteFn = Parameters<Service<typeof templateEntities>['transaction']['write']>[0];
export type TemplateTx = Parameters<WriteFn>[0];

export async function transact(fn: WriteFn): Promise<void> {
  const result = await createWriteTransaction(templateEntities, fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
