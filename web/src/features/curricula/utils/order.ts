/** The order of lessons after a drag (decisions D66): the moved one between its new neighbours. */
import type { LessonView } from '@tandem/shared/curricula/views';
import { sortCodeBetween } from '@tandem/shared/tasks/sort-codes';

/**
 * The list with lesson `id` moved to index `to`, the neighbours' codes the server is sent, and the
 * moved lesson's new code (as the server will make it), orders renumbered.
 */
export function movedLessons(lessons: readonly LessonView[], id: string, to: number) {
  const from = lessons.findIndex((l) => l.id === id);
  if (from < 0) throw new Error(`No lesson ${id}`);
  const rest = lessons.filter((l) => l.id !== id);
  const at = Math.max(0, Math.min(to, rest.length));
  const before = at > 0 ? rest[at - 1]!.sortCode : null;
  const after = at < rest.length ? rest[at]!.sortCode : null;
  const moved = { ...lessons[from]!, sortCode: sortCodeBetween(before, after) };
  const list = [...rest.slice(0, at), moved, ...rest.slice(at)].map((l, order) => ({ ...l, order }));
  return { list, before, after };
}
