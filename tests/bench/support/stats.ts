/** The p-quantile (0..1) of ascending numbers, nearest rank; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}
