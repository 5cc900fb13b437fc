import * as routes from '@tandem/shared/api/areas/contacts';
import { companyGroupLinkInput } from '@tandem/shared/contacts/schemas';
import { linkCompanyGroup } from '../../core/contacts/companies.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /contact/company/group {company, group, is_primary}. */
export const handler = httpHandler({
  route: routes.linkCompanyGroup,
  body: companyGroupLinkInput,
  run: async ({ actor, body }) => respond(201, await linkCompanyGroup(actor, body)),
});
