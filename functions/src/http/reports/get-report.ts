import * as routes from '@tandem/shared/api/route-defs';
import { reportQuery } from '@tandem/shared/reports/reports';
import * as z from 'zod/mini';
import { getReport } from '../../core/reports/reports.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** GET /reporting/{reportType}/?period&start_date&end_date&task_id&template_task_id&group_ids (spec 002 §7). */
export const handler = httpHandler({
  route: routes.getReport,
  params: z.object({ reportType: z.string().check(z.minLength(1), z.maxLength(32)) }),
  query: reportQuery,
  run: ({ actor, params, query }) => getReport(actor, params.reportType, query),
});
