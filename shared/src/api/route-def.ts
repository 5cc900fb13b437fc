/** What the manifest says of one route (shared/src/api/routes.ts). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'user' | 'public';

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly handler: string;
  /** Memory in MB when the default (512) is not right. */
  readonly memory?: number;
}
