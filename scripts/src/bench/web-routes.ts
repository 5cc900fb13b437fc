/**
 * The JavaScript a route makes the browser load: the entry with its static imports, plus the route's
 * lazily loaded page chunk with its static imports, gzip-compressed, from Vite's build manifest. Also
 * checks that heavy views (calendar, flow, editor, charts) are not among them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt } from './stats.ts';

const dist = resolve(import.meta.dirname, '../../../web/dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export function routeBytes(routeSources: string[]) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('Build the web app first: npm run build');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  for (const [key, c] of Object.entries(manifest)) if (c.isEntry) visit(key);
  for (const src of routeSources) {
    const key = Object.keys(manifest).find((k) => k.endsWith(src));
    if (!key) throw new Error(`No chunk for ${src} in the build`);
    visit(key);
  }
  const files = [...seen].map((k) => manifest[k]!.file);
  const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).byteLength, 0);
  // Each heavy library leaves its own class names in its code.
  const markers: Record<string, RegExp> = {
    calendar: /rbc-calendar|rbc-time-view/,
    flow: /react-flow__/,
    editor: /LexicalComposer|__lexical/,
    charts: /recharts-wrapper/,
  };
  const heavy = Object.entries(markers)
    .filter(([, re]) => files.some((f) => re.test(readFileSync(join(dist, f), 'utf8'))))
    .map(([name]) => name);
  return { files: files.length, gzip, heavy };
}

export function printRoute(label: string, sources: string[]) {
  const r = routeBytes(sources);
  console.log(
    `\nWeb: ${label} loads ${r.files} JavaScript files, ${fmt(r.gzip / 1024)} kB gzip; heavy views among them: ${r.heavy.length ? r.heavy.join(', ') : 'none'}`,
  );
}
