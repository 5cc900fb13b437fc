/**
 * Droppable ids on Today: each row is its task id, each panel `panel:<priority group>`. Task ids never
 * start with "panel:", so the two cannot meet.
 */
const PREFIX = 'panel:';

export const panelDropId = (group: number): string => `${PREFIX}${group}`;

export function groupOfPanelId(id: string | number): number | null {
  const s = String(id);
  if (!s.startsWith(PREFIX)) return null;
  const n = Number(s.slice(PREFIX.length));
  return Number.isInteger(n) ? n : null;
}

/** Which column holds `id`: the panel itself, or the panel whose ids include it. */
export function columnOf(
  columns: Readonly<Record<number, readonly string[]>>,
  id: string | number,
): number | null {
  const panel = groupOfPanelId(id);
  if (panel !== null) return panel;
  for (const [group, ids] of Object.entries(columns)) if (ids.includes(String(id))) return Number(group);
  return null;
}

/** Moves `id` into column `to` at `index` (clamped), taking it out of wherever it was. */
export function moveBetweenColumns(
  columns: Readonly<Record<number, readonly string[]>>,
  id: string,
  to: number,
  index: number,
): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const [group, ids] of Object.entries(columns)) out[Number(group)] = ids.filter((x) => x !== id);
  const target = out[to] ?? [];
  const at = Math.max(0, Math.min(index, target.length));
  out[to] = [...target.slice(0, at), id, ...target.slice(at)];
  return out;
}
