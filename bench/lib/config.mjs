// What one bench run measures and for how long. The full run has to fit in about ten minutes on a 2-core machine
// that also hosts PostgreSQL and the load generator, so durations are short and every figure is a median of
// several interleaved runs; BENCH_QUICK=1 is for developing the bench itself, not for quoting figures.

const quick = process.env.BENCH_QUICK === '1';

/** BENCH_ONLY=get-order,quotes runs only the measurements whose id starts with one of these (and the setup). */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

export const settings = {
  quick,
  only,
  /** Seconds of each timed run. */
  durationS: Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 4)),
  /** A short untimed run before the first repetition of each HTTP measurement, so V8 has compiled the hot path. */
  warmupS: quick ? 0.5 : 1,
  /** Timed runs per measurement; the median is quoted. */
  repetitions: Number(process.env.BENCH_REPETITIONS ?? (quick ? 1 : 3)),
  /** Orders seeded into the list workspace. */
  seededOrders: Number(process.env.BENCH_SEEDED_ORDERS ?? (quick ? 20_000 : 1_000_000)),
  /**
   * Orders in the growth block's workspace at each measured size (its 10 neighbours hold a tenth each):
   * BENCH_GROWTH_SIZES=100000,1000000 overrides; BENCH_GROWTH_LARGE=1 adds 5,000,000 (a longer run).
   */
  growthSizes: growthSizes(),
  /** Server starts per store in the start-up measurement (BENCH_STARTUP_RUNS), quoted as median and max. */
  startupRuns: Number(process.env.BENCH_STARTUP_RUNS ?? (quick ? 2 : 5)),
  /** The steady event rate of the webhook lag run. */
  webhookEventsPerSecond: 500,
  /** BENCH_CPU_PROF=1: the server processes run with --cpu-prof into bench/results/profiles-<timestamp>/. */
  cpuProfile: process.env.BENCH_CPU_PROF === '1',
  /**
   * The server's entry point: dist/main.js, or BENCH_SERVER_SCRIPT (a patched copy of dist/ beside node_modules and
   * migrations) to measure a change before making it.
   */
  serverScript: process.env.BENCH_SERVER_SCRIPT ?? 'dist/main.js',
  /** BENCH_SERVER_NODE_OPTIONS: NODE_OPTIONS for the server processes (heap limits, for the memory experiments). */
  serverNodeOptions: process.env.BENCH_SERVER_NODE_OPTIONS,
  /** BENCH_KEEP_LOGS=1: server logs go to files beside the results instead of /dev/null. */
  keepLogs: process.env.BENCH_KEEP_LOGS === '1',
  /** The connection counts: 50 for HTTP unless the ceiling a scenario is compared with says otherwise. */
  connections: { http: 50, insertCeiling: 8, list: 8, hotRow: [1, 32] },
};

function growthSizes() {
  if (process.env.BENCH_GROWTH_SIZES) return process.env.BENCH_GROWTH_SIZES.split(',').map((s) => Number(s.trim()));
  if (quick) return [10_000, 50_000];
  return process.env.BENCH_GROWTH_LARGE === '1' ? [100_000, 1_000_000, 5_000_000] : [100_000, 1_000_000];
}

export const selected = (id) => only.length === 0 || only.some((prefix) => id.startsWith(prefix));
