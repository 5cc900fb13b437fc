/**
 * The import graph of functions/src goes one way (docs/decisions.md D35): no module reaches itself
 * through its imports — static, type-only or dynamic `import()` alike — and the core's access layer
 * (rosters, limits, task access, the user record, joining by invitation) imports no other core area,
 * so every area above it can use it without a cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Relative specifiers of every import, export-from and import() in a module's text. */
export function importsOf(text: string): string[] {
  const re =
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  return [...text.matchAll(re)].map((m) => (m[1] ?? m[2]) as string);
}

/** Module → the modules of `files` it imports, by path relative to the source root. */
export function graphOf(files: Map<string, string>): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const [file, text] of files)
    g.set(
      file,
      importsOf(text)
        .map((spec) => join(dirname(file), spec))
        .filter((to) => files.has(to)),
    );
  return g;
}

/** Every cycle's members (strongly connected components of more than one module, or a self-import). */
export function cyclesOf(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || g.get(v)?.includes(v)) found.push(scc.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

function sources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(SRC, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('import graph of functions/src', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const files = new Map([
      ['core/a.ts', "import { b } from './b.ts';"],
      ['core/b.ts', "import type { C } from '../lib/c.ts';\nexport const b = 1;"],
      ['lib/c.ts', "export type C = 1;\nconst later = () => import('../core/a.ts');"],
      ['lib/d.ts', "export { b } from '../core/b.ts';"],
    ]);
    expect(cyclesOf(graphOf(files))).toEqual([['core/a.ts', 'core/b.ts', 'lib/c.ts']]);
    files.set('lib/c.ts', 'export type C = 1;');
    expect(cyclesOf(graphOf(files))).toEqual([]);
  });

  it('has no import cycle', () => {
    const files = sources();
    expect(files.size).toBeGreaterThan(100);
    expect(cyclesOf(graphOf(files))).toEqual([]);
  });

  it('keeps core/access under every other core area', () => {
    const g = graphOf(sources());
    const upward = [...g]
      .filter(([from]) => from.startsWith('core/access/'))
      .flatMap(([from, tos]) =>
        tos
          .filter((to) => to.startsWith('core/') && !to.startsWith('core/access/'))
          .map((to) => `${from} → ${to}`),
      );
    expect(upward).toEqual([]);
  });
});
