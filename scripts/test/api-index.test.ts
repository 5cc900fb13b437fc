import { readFileSync } from 'node:fs';
import { routes } from '@tandem/shared/api/routes';
import { describe, expect, it } from 'vitest';
import { API_INDEX_PATH, expectedIndex, readManifest } from '../src/docs/api-index.ts';

describe('docs/api/README.md, the index of every call', () => {
  it('lists every route of the manifest once, under its section', () => {
    const listed = readManifest().flatMap((s) => s.entries.map((e) => e.name));
    expect(listed.sort()).toEqual(Object.keys(routes).sort());
  });

  it('keeps the note written above a route', () => {
    const verify = readManifest()
      .flatMap((s) => s.entries)
      .find((e) => e.name === 'verifyEmailChange');
    expect(verify?.note).toMatch(/^Ours/);
  });

  it('is up to date with the manifest (run `npm run docs:api` after changing routes)', () => {
    expect(readFileSync(API_INDEX_PATH, 'utf8')).toBe(expectedIndex());
  });
});
