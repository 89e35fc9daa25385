/**
 * The nearest-rank percentile the benches report and judge budgets by: the smallest value with at
 * least `p` percent of the values at or below it (so p50 of an even count is the lower middle).
 */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
