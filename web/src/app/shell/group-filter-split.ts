/**
 * How many group chips fit in the header (spec 001 §2: overflow goes into a '+N more' button).
 * Chips keep their order; the ones that do not fit go into the menu. When some overflow, the
 * '+N more' button takes room too, so it is reserved before counting.
 */
export interface ChipSplit {
  visible: number;
  hidden: number;
}

export function splitChips(
  chipWidths: readonly number[],
  available: number,
  { gap = 0, moreWidth = 0 }: { gap?: number; moreWidth?: number } = {},
): ChipSplit {
  const n = chipWidths.length;
  const total = chipWidths.reduce((sum, w) => sum + w, 0) + Math.max(0, n - 1) * gap;
  if (total <= available) return { visible: n, hidden: 0 };

  let used = moreWidth;
  let visible = 0;
  for (const w of chipWidths) {
    const next = used + w + gap;
    if (next > available) break;
    used = next;
    visible++;
  }
  return { visible, hidden: n - visible };
}
