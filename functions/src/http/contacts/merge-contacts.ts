import * as routes from '@tandem/shared/api/areas/contacts';
import { mergeContactsInput } from '@tandem/shared/contacts/schemas';
import * as z from 'zod/mini';
import { mergeContacts } from '../../core/contacts/merge.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** PUT /contact/{id} {merge_ids}: the others are merged into this one and deleted, in one transaction. */
export const handler = httpHandler({
  route: routes.mergeContacts,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: mergeContactsInput,
  run: ({ actor, params, body }) => mergeContacts(actor, params.id, body.mergeIds),
});
