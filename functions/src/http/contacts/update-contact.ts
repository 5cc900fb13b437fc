import * as routes from '@tandem/shared/api/areas/contacts';
import { updateContactInput } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { updateContact } from '../../core/contacts/contacts.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PATCH /contact/{id}: absent fields unchanged; a list given replaces the list. */
export const handler = httpHandler({
  route: routes.updateContact,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: updateContactInput,
  run: ({ actor, params, body }) => updateContact(actor, params.id, body),
});
