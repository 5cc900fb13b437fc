import * as routes from '@tandem/shared/api/areas/roles';
import { pageOf, pageQuery } from '@tandem/shared/api/pagination';
import { MAX_ACCOUNT_ROLES } from '@tandem/shared/roles/roles';
import { accountRolesOf } from '../../core/roles/account-roles.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** The screen reads the whole list on load (spec 002 §7): one page holds every role a person may keep. */
export const handler = httpHandler({
  route: routes.listAccountRoles,
  query: pageQuery(MAX_ACCOUNT_ROLES, MAX_ACCOUNT_ROLES),
  run: async ({ actor, query }) => pageOf(await accountRolesOf(actor.userId), query.page, query.limit),
});
