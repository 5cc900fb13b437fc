import { newStructureInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { newStructure } from '../../core/tasks/task-tree.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.newStructure,
  body: newStructureInput,
  run: ({ actor, body }) => newStructure(actor, body.tasks),
});
