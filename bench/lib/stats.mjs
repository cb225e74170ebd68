// Percentiles and medians: the figures quoted are medians of repeated runs, each run's latencies exact.

/** The value at quantile q of an ascending array (nearest rank), or null when it is empty. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export function median(values) {
  const present = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const mid = Math.floor(present.length / 2);
  return present.length % 2 === 1 ? present[mid] : (present[mid - 1] + present[mid]) / 2;
}

/** The median of each numeric figure over runs, errors summed (one failed request in any run is worth seeing). */
export function summarise(runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    runs: runs.length,
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    serverCpuMsPerRequest: pick('serverCpuMsPerRequest'),
    databaseCpuMsPerRequest: pick('databaseCpuMsPerRequest'),
    machineBusy: pick('machineBusy'),
    errors: runs.reduce((sum, r) => sum + (r.errors ?? 0), 0),
  };
}
