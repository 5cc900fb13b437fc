/**
 * The build-version header (spec 001 §7, 002 §9): "11" on every answer — a handler's, and the 401s the
 * gateway's authorizer gives before any handler runs.
 */
import { API_BASE } from '@tandem/shared';
import { describe, expect, it } from 'vitest';
import { person, stack } from './support.ts';

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}${API_BASE}${path}`, { headers });

describe('build-version header', () => {
  it('is 11 on a handler answer, a 404 included', async () => {
    const ann = await person('Ann');
    const auth = { authorization: `Bearer ${ann.accessToken}` };
    const ok = await get('/user/config/', auth);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('build-version')).toBe('11');
    const missing = await get('/task/no-such-task', auth);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('build-version')).toBe('11');
  });

  it("is 11 on the gateway's 401 without a token and with a bad one", async () => {
    const none = await get('/user/config/');
    expect(none.status).toBe(401);
    expect(none.headers.get('build-version')).toBe('11');
    const bad = await get('/user/config/', { authorization: 'Bearer not.a.token' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('build-version')).toBe('11');
  });
});
