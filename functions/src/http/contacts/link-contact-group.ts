import * as routes from '@tandem/shared/api/areas/contacts';
import { contactGroupLinkInput } from '@tandem/shared/contacts/schemas';
import { linkContactGroup } from '../../core/contacts/contacts.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /contact/group {contact, group, is_primary}. */
export const handler = httpHandler({
  route: routes.linkContactGroup,
  body: contactGroupLinkInput,
  run: async ({ actor, body }) => respond(201, await linkContactGroup(actor, body)),
});
