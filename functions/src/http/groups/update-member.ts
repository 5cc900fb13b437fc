import { type RoleId, updateMemberInput } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { updateMember } from '../../core/groups/members.ts';
import { httpHandler } from '../../lib/http-handler.ts';

export const handler = httpHandler({
  route: routes.updateMember,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) }),
  body: updateMemberInput,
  run: ({ actor, params, body }) =>
    updateMember(actor, params.id, {
      ...(body.role !== undefined ? { role: body.role as RoleId } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    }),
});
