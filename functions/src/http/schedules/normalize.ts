import * as routes from '@tandem/shared/api/route-defs';
import { timezoneSchema } from '@tandem/shared/user/config';
import * as z from 'zod/mini';
import { normalizeUser } from '../../core/schedules/normalization.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /task/normalization?user_timezone=: normalises the caller's day now (idempotent). */
export const handler = httpHandler({
  route: routes.normalize,
  query: z.object({ userTimezone: z.optional(timezoneSchema) }),
  run: ({ actor, query }) => normalizeUser(actor.userId, query.userTimezone),
});
