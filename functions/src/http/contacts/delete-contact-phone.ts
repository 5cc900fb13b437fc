import * as routes from '@tandem/shared/api/areas/contacts';
import * as z from 'zod/mini';
import { deleteContactRow } from '../../core/contacts/contacts.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /contact/phone/{id}: one phone of a contact (the caller may edit it). */
export const handler = httpHandler({
  route: routes.deleteContactPhone,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  run: async ({ actor, params }) => respond(204, await deleteContactRow(actor, 'phones', params.id)),
});
