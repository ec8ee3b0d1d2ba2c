// Shared bench helper (not a benchmark): the nearest-rank percentile the benchmarks print.

/** The `p`th percentile (0-100) of `values` by nearest rank (unsorted in, untouched); NaN when empty. */
export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
