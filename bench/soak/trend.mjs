// Whether a process's memory goes up: a least-squares line through its RSS samples over the second half of the run
// (the first half holds the warm-up: code compiled on first use, pools and caches filling, the heap growing to its
// working size), its slope in MiB per hour, and a threshold.
//
// The threshold is max(slopeLimit, noise / window): a slope under the long-run limit passes, and so does any line
// whose rise across the window stays within the noise that GC and the allocator cause without a trend. Over the
// hour's 30-minute window with the defaults (16 MiB/h, 8 MiB) that is 16 MiB/h; over a minute's 30-second window the
// noise term dominates, which is what makes a short run's check tolerant (the CI test passes a larger noise).

const MiB = 2 ** 20;

/** The least-squares line through points {x, y}: slope and intercept, or null below two distinct x. */
export function fitLine(points) {
  const n = points.length;
  if (n < 2) return null;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - meanX) ** 2;
    sxy += (p.x - meanX) * (p.y - meanY);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX };
}

/**
 * The trend of one process: `samples` are {atS, rssBytes} (atS from the start of the load), `durationS` the run's
 * length. The window is the samples at or after half the run, and after `fromS` when given (a process restarted
 * during the run, by a rolling rotation, warms up again from its restart); the line is fitted in MiB against hours.
 */
export function memoryTrend(samples, { durationS, slopeLimitMiBPerHour, noiseMiB, fromS = 0 }) {
  const startS = Math.max(durationS / 2, fromS);
  const window = samples.filter((s) => s.atS >= startS && typeof s.rssBytes === 'number');
  const line = fitLine(window.map((s) => ({ x: s.atS / 3600, y: s.rssBytes / MiB })));
  if (line === null) {
    return { ok: false, points: window.length, reason: 'fewer than two samples in the second half' };
  }
  const windowS = (window.at(-1)?.atS ?? 0) - (window[0]?.atS ?? 0);
  const thresholdMiBPerHour = Math.max(slopeLimitMiBPerHour, noiseMiB / (windowS / 3600));
  return {
    ok: line.slope <= thresholdMiBPerHour,
    points: window.length,
    fromS: window[0]?.atS,
    toS: window.at(-1)?.atS,
    slopeMiBPerHour: line.slope,
    /** What the line rises by across the window. */
    riseMiB: (line.slope * windowS) / 3600,
    thresholdMiBPerHour,
    /** The line's value at the window's ends, for the picture. */
    fromMiB: line.intercept + (line.slope * (window[0]?.atS ?? 0)) / 3600,
    toMiB: line.intercept + (line.slope * (window.at(-1)?.atS ?? 0)) / 3600,
  };
}
