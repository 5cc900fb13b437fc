/**
 * The bench's closing table (issue 10): every figure measured in this run beside its target and the
 * baseline measured before the work on it (docs/performance.md keeps the history and the commands).
 * Each bench part records its figures here; index.ts prints the table once at the end.
 */
export interface Figure {
  /** What was measured, e.g. "GET /task page 1, 100 → 5,000 tasks". */
  figure: string;
  /** The figure now, formatted with its unit. */
  now: string;
  /** The target, formatted, e.g. "≤ 1.3×"; "—" where none is set. */
  target: string;
  /** The figure before the work on it (docs/performance.md). */
  baseline: string;
  /** Whether `now` meets `target`; null where no target is set. */
  met: boolean | null;
}

const figures: Figure[] = [];

export function record(figure: Figure): void {
  figures.push(figure);
}

export function printReport(): void {
  if (figures.length === 0) return;
  const widths = [
    Math.max(6, ...figures.map((f) => f.figure.length)),
    Math.max(6, ...figures.map((f) => f.target.length)),
    Math.max(8, ...figures.map((f) => f.baseline.length)),
    Math.max(3, ...figures.map((f) => f.now.length)),
  ];
  const line = (cells: string[], mark: string) =>
    console.log(`${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}  ${mark}`);
  console.log('\nSummary: every figure of this run, its target and its baseline (docs/performance.md)');
  line(['figure', 'target', 'baseline', 'now'], '');
  for (const f of figures) {
    line([f.figure, f.target, f.baseline, f.now], f.met === null ? '' : f.met ? 'met' : 'NOT MET');
  }
  const missed = figures.filter((f) => f.met === false).length;
  console.log(`${figures.length} figures, ${missed} not met`);
}
