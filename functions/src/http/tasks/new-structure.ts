import { newStructureInput, routes } from '@tandem/shared';
import { newStructure } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.newStructure,
  body: newStructureInput,
  run: ({ actor, body }) => newStructure(actor, body.tasks),
});
