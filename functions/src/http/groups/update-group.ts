import { updateGroupInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateGroup } from '../../core/groups/groups.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateGroup,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateGroupInput,
  run: ({ actor, params, body }) => updateGroup(actor, params.id, body),
});
