/**
 * The table's entities are not joined in an ElectroDB Service at run time (db/service.ts, D42): this
 * joins them, so the Service's checks still hold: one service name, collections that agree.
 */
import { Service } from 'electrodb';
import { describe, expect, it } from 'vitest';

describe('the table entities', () => {
  it('join one ElectroDB Service', async () => {
    process.env.TABLE_NAME ??= 'unit-test';
    const { entities: shared } = await import('../../src/db/service.ts');
    // The report entities have their own transactions (db/entities/report.ts), in the same table.
    const { reportEntities } = await import('../../src/db/entities/report.ts');
    // So have the contacts entities (db/entities/contact-entities.ts), the templates'
    // (core/templates/transact.ts, D57) and the import markers (db/entities/import-mark.ts).
    const { contactEntities } = await import('../../src/db/entities/contact-entities.ts');
    const { templateEntities } = await import('../../src/core/templates/transact.ts');
    const { ImportMarkEntity } = await import('../../src/db/entities/import-mark.ts');
    // And the curricula's (db/entities/curricula.ts, D66).
    const { curriculumEntities } = await import('../../src/db/entities/curricula.ts');
    // And the planning save's marker and plan lock, written together (core/planning/plan.ts, D74).
    const { PlanSaveEntity, PlanSaveLockEntity } = await import('../../src/db/entities/plan-save.ts');
    const entities = {
      ...shared,
      ...reportEntities,
      ...contactEntities,
      ...templateEntities,
      importMark: ImportMarkEntity,
      ...curriculumEntities,
      planSave: PlanSaveEntity,
      planSaveLock: PlanSaveLockEntity,
    };
    const service = new Service(entities);
    expect(Object.keys(service.entities).sort()).toEqual(Object.keys(entities).sort());
  });
});
