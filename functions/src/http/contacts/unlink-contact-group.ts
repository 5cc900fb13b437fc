import * as routes from '@tandem/shared/api/areas/contacts';
import * as z from 'zod/mini';
import { unlinkContactGroup } from '../../core/contacts/contacts.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /contact/group/{id}: a secondary link (the primary one stays). */
export const handler = httpHandler({
  route: routes.unlinkContactGroup,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(140)) }),
  run: async ({ actor, params }) => respond(204, await unlinkContactGroup(actor, params.id)),
});
