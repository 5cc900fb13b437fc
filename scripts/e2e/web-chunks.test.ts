/**
 * The web build (web/dist, `npm run build` first) has no cycle of static imports between its chunks.
 * With one, a chunk can run before a chunk it imports has set what it exports: D86's first step made
 * Today's pieces import each other in a cycle and the task page's attachments could not be reordered.
 * The chunk groups in web/vite.config.ts and the bundler's own splitting decide the graph, so a change
 * to either is checked here, naming the files that go round.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ChunkGraph, chunkGraph, findCycles, staticImports } from './chunk-graph.ts';

const assets = fileURLToPath(new URL('../../web/dist/assets', import.meta.url));

const graphOf = (edges: Record<string, string[]>): ChunkGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the chunk cycle finder', () => {
  it('reads static imports and exports, not dynamic imports or preload lists', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/p.js"])));' +
      'import{o as e}from"./a.js";import"./b.js";export{t as x}from\'./c.js\';export*from"./d.js";' +
      'import * as ns from "./e.js";const l=()=>import(`./f.js`),k=()=>import("./g.js");' +
      'import{y}from"./a.js";';
    expect(staticImports(code).sort()).toEqual(['a.js', 'b.js', 'c.js', 'd.js', 'e.js']);
  });

  it('finds no cycle in a graph without one', () => {
    const g = graphOf({
      'index.js': ['rt.js'],
      'a.js': ['index.js', 'b.js'],
      'b.js': ['index.js'],
      'rt.js': [],
    });
    expect(findCycles(g)).toEqual([]);
  });

  it('names each cycle by the files that go round it', () => {
    const g = graphOf({
      'index.js': ['rt.js'],
      'rt.js': [],
      'today-x.js': ['index.js', 'today-y.js'],
      'today-y.js': ['index.js', 'today-z.js'],
      'today-z.js': ['today-x.js'],
      'grid.js': ['index.js', 'menu.js'],
      'menu.js': ['grid.js'],
      'self.js': ['self.js'],
    });
    expect(findCycles(g).sort()).toEqual([
      ['grid.js', 'menu.js', 'grid.js'],
      ['self.js', 'self.js'],
      ['today-x.js', 'today-y.js', 'today-z.js', 'today-x.js'],
    ]);
  });
});

describe('the web build', () => {
  it('has no cycle of static imports between its chunks', () => {
    if (!existsSync(assets)) throw new Error('web/dist is missing: run `npm run build` first');
    const graph = chunkGraph(assets);
    expect(graph.size).toBeGreaterThan(10);
    // Every edge names a chunk of this build (the parser reads the bundler's output as it is).
    for (const [from, to] of graph)
      for (const t of to) expect(graph.has(t), `${from} imports ${t}`).toBe(true);
    expect(findCycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });
});
