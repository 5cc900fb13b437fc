import { routes } from '@tandem/shared';
import * as z from 'zod';
import { getAvatar } from '../../core/user/avatar.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.getAvatar,
  params: z.object({ id: z.string().min(1).max(64) }),
  query: z.object({ size: z.enum(['thumbnail']).optional() }),
  run: async ({ actor, params }) => getAvatar(actor, params.id),
});
