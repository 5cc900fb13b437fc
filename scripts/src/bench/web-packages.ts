/**
 * What the built web files are made of: each file's bytes shared out by the source its source map
 * names for them, grouped into npm packages (`react-dom`, `@mantine/core`, …) and our own folders
 * (`web: features/today`, `shared`), then the file's gzip size shared out in the same proportion. No
 * visualiser dependency: Vite writes a source map beside every chunk, and the mappings are decoded
 * here (Base64 VLQ, source map v3).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../../web/dist');

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** The fields of one mapping segment (generated column, source, line, column[, name]), relative. */
export function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64_VALUE.get(c);
    if (digit === undefined) throw new Error(`Not Base64 VLQ: ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

/** The package or our own folder a source path belongs to. */
export function ownerOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (/(?:^|\/)shared\/src\//.test(source)) return 'shared';
  // The web's own sources are named relative to the built file (../../src/features/today/…).
  const web = source.match(/(?:^|\/)src\/((?:features|lib|app)\/[^/]+|[^/]+)/);
  if (web) return `web: ${web[1]!.replace(/\.tsx?$/, '')}`;
  return source.startsWith('\0') || source === '' ? '(bundler)' : source;
}

/** Minified bytes of `file` per owner (package or folder), from its source map; unmapped bytes under `(bundler)`. */
export function bytesByOwner(file: string): Map<string, number> {
  const code = readFileSync(join(dist, file), 'utf8');
  const mapPath = join(dist, `${file}.map`);
  const by = new Map<string, number>();
  const add = (owner: string, n: number) => by.set(owner, (by.get(owner) ?? 0) + n);
  if (!existsSync(mapPath)) {
    add('(no source map)', Buffer.byteLength(code));
    return by;
  }
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const owners = map.sources.map(ownerOf);
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, i) => {
    const text = lines[i] ?? '';
    let col = 0;
    let from = 0;
    let owner = '(bundler)';
    for (const seg of line ? line.split(',') : []) {
      const f = decodeSegment(seg);
      col += f[0]!;
      add(owner, Buffer.byteLength(text.slice(from, col)));
      from = col;
      if (f.length >= 4) {
        source += f[1]!;
        owner = owners[source] ?? '(bundler)';
      } else owner = '(bundler)';
    }
    add(owner, Buffer.byteLength(text.slice(from)) + 1);
  });
  return by;
}

/** Gzip bytes per owner over `files`: each file's gzip size shared out by its minified bytes. */
export function gzipByOwner(files: string[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const file of files) {
    const gz = gzipSync(readFileSync(join(dist, file))).byteLength;
    const by = bytesByOwner(file);
    const all = [...by.values()].reduce((a, b) => a + b, 0);
    for (const [owner, n] of by) total.set(owner, (total.get(owner) ?? 0) + (gz * n) / all);
  }
  return new Map([...total].sort((a, b) => b[1] - a[1]));
}

/** The owners of `files` as lines `owner  12.3 KB`, the largest first, small ones summed as "others". */
export function printOwners(files: string[], minKb = 1.5): void {
  const by = gzipByOwner(files);
  let others = 0;
  for (const [owner, n] of by) {
    if (n / 1024 < minKb) others += n;
    else console.log(`    ${owner.padEnd(40)} ${(n / 1024).toFixed(1).padStart(6)} KB`);
  }
  if (others)
    console.log(`    ${'others (each < 1.5 KB)'.padEnd(40)} ${(others / 1024).toFixed(1).padStart(6)} KB`);
}
