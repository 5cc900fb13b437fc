import { LIMIT_EVENTS, type LimitEvent } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import * as z from 'zod/mini';
import { countsFor, limitsView } from '../../core/access/limits.ts';
import { seatCount } from '../../core/access/roster.ts';
import { groupFor } from '../../core/groups/groups.ts';
import { getUser } from '../../core/user/user.ts';
import { httpHandler } from '../../lib/http-handler.ts';

const query = z.object({
  event: z.pipe(
    z.pipe(
      z.string({ error: 'Name at least one event.' }),
      z.transform((v) =>
        v
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(z.enum(LIMIT_EVENTS, { error: 'Unknown limit event.' }))
      .check(z.minLength(1, 'Name at least one event.')),
  ),
  target: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

/** GET /user/subscription/limit?event=a,b[&target=groupId]: limits, counts and the most severe status. */
export const handler = httpHandler({
  route: routes.getSubscriptionLimits,
  query,
  run: async ({ actor, query }) => {
    const user = await getUser(actor);
    const seats = query.target ? seatCount((await groupFor(actor, query.target)).group) : null;
    const events = query.event as LimitEvent[];
    return limitsView(user, events, await countsFor(user, events, seats));
  },
});
