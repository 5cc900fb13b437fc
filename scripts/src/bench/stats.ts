/** Small statistics for the bench: medians and percentiles over repeated runs. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}
export const median = (values: readonly number[]) => percentile(values, 50);
export const fmt = (n: number, digits = 1) => n.toFixed(digits);
