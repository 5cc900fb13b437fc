/**
 * What each route parses, as its handler declared it to httpHandler: the schemas of its body, query
 * and path. Filled as handler modules load; read by tests that generate input for every route of the
 * manifest (the fuzz test), so a route's schemas are stated once, in its handler.
 */
import type { RouteDef } from '@tandem/shared';
import type * as z from 'zod/mini';

export interface RouteSchemas {
  body?: z.core.$ZodType;
  query?: z.core.$ZodType;
  params?: z.core.$ZodType;
  /** The route reads its body itself (a file upload). */
  rawBody: boolean;
}

export const routeSchemas = new Map<RouteDef, RouteSchemas>();
