// The soak's command line: `npm run soak -- --duration 1h --rate 100 --interval 1m`. Durations take s, m or h (a bare
// number is seconds). The two memory thresholds are those of bench/soak/trend.mjs; the defaults suit the hour, and a
// short run (the CI test's minute) passes a noise allowance of its own.

const units = { s: 1, m: 60, h: 3600 };

/** "90s", "10m", "1h", "45" (seconds) -> seconds. */
export function seconds(text) {
  const match = /^(\d+(?:\.\d+)?)([smh]?)$/.exec(String(text).trim());
  if (!match) throw new Error(`not a duration: "${text}" (write 90s, 10m or 1h)`);
  return Number(match[1]) * units[match[2] || 's'];
}

export const defaults = {
  /** How long the load runs. */
  durationS: 3600,
  /** Requests per second, offered at a steady rate whatever the answers' speed (an open loop). */
  rate: 100,
  /** Seconds between two samples of memory, latency, throughput and errors. */
  intervalS: 60,
  /** Seeds the choice of each request's operation, so two runs draw the same operations in the same order. */
  seed: 1,
  /** The memory trend's limit for a long run, MiB of RSS per hour (bench/soak/trend.mjs). */
  rssSlopeLimitMiBPerHour: 16,
  /** RSS that GC and the allocator move by without any trend: a fitted rise below it is no trend (MiB). */
  rssNoiseMiB: 8,
  /** Where the JSON and the SVG go; unset: bench/results/ (a run under 10 minutes: a .tmp folder there). */
  outDir: undefined,
  /** A rolling rotation of SECRETS_KEY during the load, starting at a tenth of the run (./rotation.mjs). */
  rotateSecrets: false,
};

/** Options without a value. */
const switches = { '--rotate-secrets': 'rotateSecrets' };

const flags = {
  '--duration': ['durationS', seconds],
  '--rate': ['rate', Number],
  '--interval': ['intervalS', seconds],
  '--seed': ['seed', Number],
  '--rss-slope-limit': ['rssSlopeLimitMiBPerHour', Number],
  '--rss-noise': ['rssNoiseMiB', Number],
  '--out': ['outDir', String],
};

export const usage = `npm run soak -- [--duration 1h] [--rate 100] [--interval 1m] [--seed 1]
  [--rss-slope-limit 16] [--rss-noise 8] [--out DIR] [--rotate-secrets]`;

/** Parses `--name value` and `--name=value` pairs over the defaults; throws on anything else. */
export function parseOptions(argv) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const at = argv[i].indexOf('=');
    const [name, inline] = at < 0 ? [argv[i], undefined] : [argv[i].slice(0, at), argv[i].slice(at + 1)];
    if (switches[name] !== undefined && inline === undefined) {
      options[switches[name]] = true;
      continue;
    }
    const flag = flags[name];
    if (!flag) throw new Error(`unknown option ${argv[i]}\n${usage}`);
    const raw = inline ?? argv[++i];
    if (raw === undefined) throw new Error(`${name} needs a value\n${usage}`);
    const [key, parse] = flag;
    options[key] = parse(raw);
  }
  const positive = ['durationS', 'rate', 'intervalS', 'rssSlopeLimitMiBPerHour', 'rssNoiseMiB'];
  for (const key of positive) {
    if (!(Number.isFinite(options[key]) && options[key] > 0)) throw new Error(`${key} must be above 0\n${usage}`);
  }
  if (options.durationS % options.intervalS !== 0) {
    throw new Error(`the duration must be a whole number of intervals\n${usage}`);
  }
  return options;
}
