import { describe, expect, it } from 'vitest';
import { apiPath, routes } from '../src/api/routes.ts';

describe('route manifest', () => {
  it('has one handler module and one method+path per route', () => {
    const keys = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of Object.values(routes)) {
      expect(r.path.startsWith('/')).toBe(true);
      expect(r.handler).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/);
    }
  });

  it('fills path parameters, encoded', () => {
    expect(apiPath(routes.getAvatar, { id: 'a b' })).toBe('/api/v1/user/avatar/a%20b');
    expect(() => apiPath(routes.getAvatar)).toThrow(/id/);
  });
});
