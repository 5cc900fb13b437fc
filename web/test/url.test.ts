import { describe, expect, it } from 'vitest';
import { joinApiUrl, safeNextPath, toQueryString } from '../src/lib/url.ts';

describe('API URL joining', () => {
  it('gives exactly one /api/v1 whether apiUrl names the origin, the API root or a path', () => {
    const path = '/api/v1/user/config/';
    expect(joinApiUrl('http://localhost:3000', path)).toBe('http://localhost:3000/api/v1/user/config/');
    expect(joinApiUrl('http://localhost:3000/', path)).toBe('http://localhost:3000/api/v1/user/config/');
    expect(joinApiUrl('https://x.example/api/v1', path)).toBe('https://x.example/api/v1/user/config/');
    expect(joinApiUrl('https://x.example/api/v1/', path)).toBe('https://x.example/api/v1/user/config/');
    expect(joinApiUrl('/api/v1', path)).toBe('/api/v1/user/config/');
    expect(joinApiUrl('', path)).toBe('/api/v1/user/config/');
  });

  it('builds a query string without empty values', () => {
    expect(toQueryString({ limit: 1000, code: undefined, q: null, all: true })).toBe('?limit=1000&all=true');
    expect(toQueryString({})).toBe('');
  });
});

describe('return path after sign-in', () => {
  it('keeps a path inside the app', () => {
    expect(safeNextPath('/settings?activeTab=security')).toBe('/settings?activeTab=security');
    expect(safeNextPath('/contacts')).toBe('/contacts');
  });

  it('refuses other sites, protocol-relative URLs and the sign-in pages themselves', () => {
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('/login?next=/x')).toBe('/');
    expect(safeNextPath('/signup')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('')).toBe('/');
  });
});
