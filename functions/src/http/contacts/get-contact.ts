import * as routes from '@tandem/shared/api/areas/contacts';
import * as z from 'zod/mini';
import { getContact } from '../../core/contacts/contacts.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /contact/{id}. */
export const handler = httpHandler({
  route: routes.getContact,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: ({ actor, params }) => getContact(actor, params.id),
});
