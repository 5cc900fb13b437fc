import * as routes from '@tandem/shared/api/areas/contacts';
import * as z from 'zod/mini';
import { unlinkCompanyGroup } from '../../core/contacts/companies.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** DELETE /contact/company/group/{id}. */
export const handler = httpHandler({
  route: routes.unlinkCompanyGroup,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(140)) }),
  run: async ({ actor, params }) => respond(204, await unlinkCompanyGroup(actor, params.id)),
});
