import { routes, updateGroupInput } from '@tandem/shared';
import * as z from 'zod';
import { updateGroup } from '../../core/groups/groups.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateGroup,
  params: z.object({ id: z.string().min(1).max(64) }),
  body: updateGroupInput,
  run: ({ actor, params, body }) => updateGroup(actor, params.id, body),
});
