/**
 * Writes docs/api/README.md, the index of every call, from the route manifest
 * (shared/src/api/route-defs.ts and the areas it re-exports, one constant per route): its sections (the `//` headings), each route's method, path and
 * sign-in, and the note written above it. `--check` only compares and fails when the file is stale
 * (the scripts test runs the same comparison), so the index cannot drift from the manifest.
 *
 *   npm run docs:api            # rewrite docs/api/README.md
 *   npm run docs:api -- --check # exit 1 when it is out of date
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RouteDef, type RouteId, routes } from '@tandem/shared/api/routes';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const API_INDEX_PATH = join(root, 'docs/api/README.md');
const ROUTES_PATH = join(root, 'shared/src/api/all-routes.ts');

interface Entry {
  name: string;
  method: string;
  path: string;
  auth: string;
  note: string;
}
interface Section {
  title: string;
  entries: Entry[];
}

const clean = (comment: string): string =>
  comment
    .trim()
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\/|\*)?\s?/, '').trim())
    .filter(Boolean)
    .join(' ');

/**
 * The manifest's sections and routes: the data from the manifest itself, the section headings (`//`
 * lines) and each route's note (the `/** … *\/` above it) from its source.
 */
/** A manifest file's text after its import line, with the areas it re-exports read in its place. */
function manifestBody(source: string): string {
  const i = source.indexOf('import type');
  // The list of files (all-routes.ts) gives only its re-exports; a file of routes, what follows its import.
  const body =
    i < 0
      ? source
          .split('\n')
          .filter((l) => l.startsWith('export * from'))
          .join('\n')
      : source.slice(source.indexOf('\n', i));
  return body.replace(/^export \* from '\.\/((?:areas\/)?[\w-]+\.ts)';$/gm, (_, file: string) =>
    manifestBody(readFileSync(join(dirname(ROUTES_PATH), file), 'utf8')),
  );
}

export function readManifest(source = readFileSync(ROUTES_PATH, 'utf8')): Section[] {
  const body = manifestBody(source);
  const sections: Section[] = [{ title: 'Account', entries: [] }];
  let doc: string[] | null = null;
  let note = '';
  for (const line of body.split('\n')) {
    if (doc) {
      doc.push(line);
      if (line.includes('*/')) {
        note = clean(doc.join('\n'));
        doc = null;
      }
      continue;
    }
    if (/^\/\*\*/.test(line)) {
      doc = [line];
      if (line.includes('*/')) {
        note = clean(line);
        doc = null;
      }
      continue;
    }
    const heading = /^\/\/\s?(.*)$/.exec(line);
    if (heading) {
      sections.push({ title: heading[1]!.trim(), entries: [] });
      continue;
    }
    const prop = /^export const (\w+) = \{/.exec(line);
    if (!prop) continue;
    const name = prop[1] as RouteId;
    const route: RouteDef | undefined = routes[name];
    if (!route) throw new Error(`The manifest source names ${name}, which routes does not have`);
    sections.at(-1)!.entries.push({ name, method: route.method, path: route.path, auth: route.auth, note });
    note = '';
  }
  const listed = sections.reduce((n, s) => n + s.entries.length, 0);
  if (listed !== Object.keys(routes).length)
    throw new Error(`Read ${listed} routes from the source, the manifest has ${Object.keys(routes).length}`);
  return sections.filter((s) => s.entries.length > 0);
}

const cell = (s: string) => s.replaceAll('|', '\\|');

/** The index as Markdown. */
export function renderIndex(sections: Section[], pages: string[]): string {
  const lines = [
    '# The API: every call',
    '',
    'Written by `npm run docs:api` from the route manifest (`shared/src/api/route-defs.ts`); a test fails',
    'when this file and the manifest differ. Paths are under `/api/v1`. "Signed in" calls need a valid',
    'access token; a caller who may not see an item gets 404. Errors use the one error body',
    '(ARCHITECTURE.md §5).',
    '',
    'Pages with the rules of an area:',
    '',
    ...pages.map((p) => `- [${p.replace(/\.md$/, '')}](${p})`),
    '',
  ];
  for (const s of sections) {
    lines.push(
      `## ${s.title}`,
      '',
      '| Call | Method and path | Sign-in | Note |',
      '| --- | --- | --- | --- |',
    );
    for (const e of s.entries)
      lines.push(
        `| ${e.name} | \`${e.method} ${e.path}\` | ${e.auth === 'public' ? 'none' : 'signed in'} | ${cell(e.note)} |`,
      );
    lines.push('');
  }
  return lines.join('\n');
}

/** The index the manifest calls for today. */
export function expectedIndex(): string {
  const dir = dirname(API_INDEX_PATH);
  const pages = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .sort()
    : [];
  return renderIndex(readManifest(), pages);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const want = expectedIndex();
  const have = existsSync(API_INDEX_PATH) ? readFileSync(API_INDEX_PATH, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (want !== have) {
      console.error('docs/api/README.md is out of date: run `npm run docs:api`.');
      process.exit(1);
    }
  } else if (want !== have) {
    writeFileSync(API_INDEX_PATH, want);
    console.log('Wrote docs/api/README.md');
  }
}
