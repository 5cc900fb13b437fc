import * as routes from '@tandem/shared/api/areas/integrations';
import {
  caldavInitializeInput,
  oauthInitializeInput,
  providerParam,
} from '@tandem/shared/integrations/integrations';
import * as z from 'zod/mini';
import { initializeCaldav, initializeOAuth } from '../../core/integrations/integrations.ts';
import { ValidationError } from '../../lib/errors.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/**
 * POST /integration/initialize/{provider}/: Google and Microsoft send {code, state} from the callback
 * page; CalDAV sends {server_url, username, password}. Answers the new connection with its calendars.
 */
export const handler = httpHandler({
  route: routes.initializeIntegration,
  params: z.object({ provider: providerParam }),
  body: z.unknown(),
  run: async ({ actor, params, body }) => {
    if (params.provider === 'caldav') {
      const input = caldavInitializeInput.safeParse(body);
      if (!input.success) throw invalid(input.error);
      return respond(201, await initializeCaldav(actor, input.data));
    }
    const input = oauthInitializeInput.safeParse(body);
    if (!input.success) throw invalid(input.error);
    return respond(201, await initializeOAuth(actor, params.provider, input.data));
  },
});

function invalid(error: z.core.$ZodError): ValidationError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key =
      issue.path
        .map(String)
        .join('.')
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase() || 'body';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return new ValidationError(errors);
}
