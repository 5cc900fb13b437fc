/**
 * Where each node of a plan goes (spec 002 §2: top-to-bottom or left-to-right), laid out by dagre
 * (decisions D59), with a level group node behind the nodes of each task level (eight level colours).
 */
import dagre from '@dagrejs/dagre';
import { PLAN_LEVEL_COLOURS, PLAN_NODE, type PlanNode } from '@tandem/shared/planning/plan';

export type PlanDirection = 'TB' | 'LR';

export interface Placed {
  id: string;
  x: number;
  y: number;
}
export interface LevelBand {
  level: number;
  colour: (typeof PLAN_LEVEL_COLOURS)[number];
  x: number;
  y: number;
  width: number;
  height: number;
}

const GAP = 48;
const PAD = 16;

/** Top-left corners of the nodes, and the children of collapsed nodes left out. */
export function layoutPlan(nodes: readonly PlanNode[], direction: PlanDirection): Placed[] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: direction, nodesep: GAP, ranksep: GAP * 1.5, marginx: PAD, marginy: PAD });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) g.setNode(n.id, { width: PLAN_NODE.width, height: PLAN_NODE.height });
  for (const n of nodes) if (n.parentId && ids.has(n.parentId)) g.setEdge(n.parentId, n.id);
  dagre.layout(g);
  return nodes.map((n) => {
    const p = g.node(n.id);
    return { id: n.id, x: p.x - PLAN_NODE.width / 2, y: p.y - PLAN_NODE.height / 2 };
  });
}

/** The colour of a task level (1–8). */
export const levelColour = (level: number) =>
  PLAN_LEVEL_COLOURS[Math.min(Math.max(level, 1), PLAN_LEVEL_COLOURS.length) - 1]!;

/** One band per task level present: the box around that level's nodes. */
export function levelBands(nodes: readonly PlanNode[], placed: readonly Placed[]): LevelBand[] {
  const at = new Map(placed.map((p) => [p.id, p]));
  const byLevel = new Map<number, Placed[]>();
  for (const n of nodes) {
    const p = at.get(n.id);
    if (p) byLevel.set(n.level, [...(byLevel.get(n.level) ?? []), p]);
  }
  return [...byLevel]
    .sort(([a], [b]) => a - b)
    .map(([level, ps]) => {
      const x = Math.min(...ps.map((p) => p.x)) - PAD;
      const y = Math.min(...ps.map((p) => p.y)) - PAD - 20;
      const right = Math.max(...ps.map((p) => p.x + PLAN_NODE.width)) + PAD;
      const bottom = Math.max(...ps.map((p) => p.y + PLAN_NODE.height)) + PAD;
      return { level, colour: levelColour(level), x, y, width: right - x, height: bottom - y };
    });
}

/** The nodes still shown when some are collapsed: everything under a collapsed node is hidden. */
export function visibleNodes(nodes: readonly PlanNode[], collapsed: ReadonlySet<string>): PlanNode[] {
  if (collapsed.size === 0) return [...nodes];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const hidden = (n: PlanNode): boolean => {
    const seen = new Set<string>();
    for (let p = n.parentId; p && !seen.has(p); p = byId.get(p)?.parentId ?? null) {
      if (collapsed.has(p)) return true;
      seen.add(p);
    }
    return false;
  };
  return nodes.filter((n) => !hidden(n));
}
