/** Pure helpers of the attachments tab (tested in web/test). */
import { type FileGroup, fileGroupOf, MAX_ATTACHMENT_BYTES } from '@tandem/shared/attachments/rules';

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
