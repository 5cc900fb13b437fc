/**
 * The API's base path and how a route's path is filled: a module of its own, so the web's entry takes
 * these without routes.ts, whose `export * as routes` would bring every route definition into the
 * entry chunk (decisions D62).
 */
import type { RouteDef } from './route-def.ts';

export const API_BASE = '/api/v1';

/** Fills `{param}` placeholders: apiPath(routes.getAvatar, { id: 'a1' }) → '/api/v1/user/avatar/a1'. */
export function apiPath(route: RouteDef, params: Record<string, string> = {}): string {
  return (
    API_BASE +
    route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const v = params[name];
      if (v === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
      return encodeURIComponent(v);
    })
  );
}
