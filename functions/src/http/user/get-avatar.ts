import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { getAvatar } from '../../core/user/avatar.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getAvatar,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: z.object({ size: z.optional(z.enum(['thumbnail'])) }),
  run: async ({ actor, params }) => getAvatar(actor, params.id),
});
