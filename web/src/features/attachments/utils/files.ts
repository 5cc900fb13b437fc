/** Pure helpers of the attachments tab (tested in web/test). */

import {
  BYTES_PER_MB,
  createLinkInput,
  type FileGroup,
  fileGroupOf,
  MAX_ATTACHMENT_BYTES,
} from '@tandem/shared/attachments/rules';
import type { LimitsView } from '@tandem/shared/groups/views';

export type { FileGroup };
export { fileGroupOf };

/** 1536 → "1.5 KB"; bytes under a KB as bytes. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 10 ? Math.round(v) : Math.round(v * 10) / 10} ${units[i]}`;
}

export const fitsOneFile = (f: { size: number }) => f.size > 0 && f.size <= MAX_ATTACHMENT_BYTES;

/** The order numbers after moving the item at `from` to `to`: each item's index. */
export function reorder<T extends { id: string }>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next.map((x, i) => ({ ...x, order: i }));
}

/** The video link dialog's field errors, by the shared rule (title required, URL required and valid). */
export function linkErrors(title: string, url: string): { title?: string; url?: string } {
  const r = createLinkInput.safeParse({ task: 'x', title, documentUrl: url });
  if (r.success) return {};
  const out: { title?: string; url?: string } = {};
  for (const i of r.error.issues) {
    if (i.path[0] === 'title') out.title ??= i.message;
    if (i.path[0] === 'documentUrl') out.url ??= i.message;
  }
  return out;
}

/**
 * Whether files of `bytes` would pass the storage left (spec 000 §5), by the limits last read; an
 * unknown answer lets the server decide.
 */
export function exceedsRemainingStorage(
  view: Pick<LimitsView, 'results'> | undefined,
  bytes: number,
): boolean {
  const d = view?.results.find((r) => r.event === 'storage');
  if (!d) return false;
  return bytes / BYTES_PER_MB > d.limit - (d.currentStorage ?? 0);
}
