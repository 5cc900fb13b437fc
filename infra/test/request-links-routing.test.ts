/** CloudFront's routing function sends the public request page's paths (D68) and /login (D97) to their own pages. */
import { describe, expect, it } from 'vitest';
import { SPA_ROUTING } from '../src/stacks/edge-stack.ts';

const route = (uri: string): string => {
  const handler = new Function(`${SPA_ROUTING}; return handler;`)() as (e: { request: { uri: string } }) => {
    uri: string;
  };
  return handler({ request: { uri } }).uri;
};

describe('the site routing function', () => {
  it('serves request.html for /requests/{id} and the confirmation, with or without the slash', () => {
    expect(route('/requests/sr-0123')).toBe('/request.html');
    expect(route('/requests/sr-0123/')).toBe('/request.html');
    expect(route('/request-links-confirmation')).toBe('/request.html');
    expect(route('/request-links-confirmation/')).toBe('/request.html');
  });
  it('serves login.html for /login only, with or without the slash', () => {
    expect(route('/login')).toBe('/login.html');
    expect(route('/login/')).toBe('/login.html');
    expect(route('/login/code')).toBe('/index.html');
    expect(route('/login/callback/google')).toBe('/index.html');
    expect(route('/loginx')).toBe('/index.html');
    expect(route('/login.html')).toBe('/login.html');
  });
  it('keeps the app on its routes and files as they are', () => {
    expect(route('/request-links')).toBe('/index.html');
    expect(route('/request-link-portal/task/42')).toBe('/index.html');
    expect(route('/requests')).toBe('/index.html');
    expect(route('/assets/request-abc.js')).toBe('/assets/request-abc.js');
  });
});
