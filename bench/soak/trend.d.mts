/** Types of trend.mjs, for test/e2e/soak.test.ts. */
export interface Point {
  x: number;
  y: number;
}
export function fitLine(points: readonly Point[]): { slope: number; intercept: number } | null;

export interface Trend {
  ok: boolean;
  points: number;
  reason?: string;
  fromS?: number;
  toS?: number;
  slopeMiBPerHour?: number;
  riseMiB?: number;
  thresholdMiBPerHour?: number;
  fromMiB?: number;
  toMiB?: number;
}
export function memoryTrend(
  samples: readonly { atS: number; rssBytes: number | null }[],
  limits: { durationS: number; slopeLimitMiBPerHour: number; noiseMiB: number; fromS?: number },
): Trend;
