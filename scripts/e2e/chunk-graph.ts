/**
 * The static import graph between the web build's chunks (web/dist/assets/*.js), and the cycles in it.
 * A chunk's static imports are the `import … from"./x.js"`, `import"./x.js"` and `export … from"./x.js"`
 * the bundler writes; they run before the chunk's own code, so chunks importing each other in a cycle
 * can read a binding before it is set (D86: the task page's attachments could not be reordered).
 * `import("./x.js")` (and the preload lists beside it) load later, when asked: not edges here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A chunk's file name → the chunk files it imports statically. */
export type ChunkGraph = Map<string, Set<string>>;

/**
 * The sibling chunks `code` imports statically. Matches `from"./x.js"` and `import"./x.js"` with a
 * string in double, single or back quotes; `import(` is a dynamic import and does not match.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*(["'`])\.\/([^"'`]+\.js)\1/g)) found.add(m[2]!);
  return [...found];
}

/** The graph of every `.js` file in `dir`; an import of a file not in `dir` is kept as an edge too. */
export function chunkGraph(dir: string): ChunkGraph {
  const graph: ChunkGraph = new Map();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    graph.set(file, new Set(staticImports(readFileSync(join(dir, file), 'utf8'))));
  }
  return graph;
}

/**
 * One cycle per strongly connected part of the graph that has one (Tarjan), each as the path that
 * goes round it and back to its first file: `['a.js', 'b.js', 'a.js']`. An empty list: no cycle.
 */
export function findCycles(graph: ChunkGraph): string[][] {
  const edges = (n: string) => [...(graph.get(n) ?? [])];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const parts: string[][] = [];
  let next = 0;
  // Iterative, so a long chain of chunks cannot overflow the call stack.
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; out: string[]; i: number }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, out: edges(node), i: 0 });
    };
    enter(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      if (top.i < top.out.length) {
        const to = top.out[top.i++]!;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const part: string[] = [];
      let n: string;
      do {
        n = stack.pop()!;
        onStack.delete(n);
        part.push(n);
      } while (n !== top.node);
      if (part.length > 1 || graph.get(top.node)?.has(top.node)) parts.push(part);
    }
  }
  return parts.map((part) => cycleWithin(graph, new Set(part)));
}

/** A shortest path from the part's first file (by name) back to itself, staying inside the part. */
function cycleWithin(graph: ChunkGraph, part: Set<string>): string[] {
  const start = [...part].sort()[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!part.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  throw new Error(`No way back to ${start} inside its part`);
}
