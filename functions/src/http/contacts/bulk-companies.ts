import * as routes from '@tandem/shared/api/areas/contacts';
import { bulkInput } from '@tandem/shared/contacts/schemas';
import { bulkCompanies } from '../../core/contacts/bulk.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /companies/bulk/ {action, ids, group}. */
export const handler = httpHandler({
  route: routes.bulkCompanies,
  body: bulkInput,
  run: ({ actor, body }) => bulkCompanies(actor, body),
});
