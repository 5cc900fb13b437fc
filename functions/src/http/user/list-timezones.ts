/**
 * GET /user/timezone/[?code]: the IANA zones the platform knows, with their current UTC offset, for
 * the settings picker. With `code`, only that zone (404 when unknown).
 */

import { isValidTimezone, pageOf, pageQuery } from '@tandem/shared';
import * as routes from '@tandem/shared/api/route-defs';
import { DateTime } from 'luxon';
import * as z from 'zod/mini';
import { NotFoundError } from '../../lib/errors.ts';
import { httpHandler } from '../../lib/http-handler.ts';

const query = z.extend(pageQuery(500, 1000), { code: z.optional(z.string().check(z.maxLength(64))) });
const zones = Intl.supportedValuesOf('timeZone');

const describe = (code: string) => ({ code, offset: DateTime.now().setZone(code).toFormat('ZZ') });

export const handler = httpHandler({
  route: routes.listTimezones,
  query,
  run: async ({ query }) => {
    if (query.code !== undefined) {
      if (!isValidTimezone(query.code)) throw new NotFoundError('Unknown time zone');
      return pageOf([describe(query.code)], 1, 1);
    }
    return pageOf(zones.map(describe), query.page, query.limit);
  },
});
