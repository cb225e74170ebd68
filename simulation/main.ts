import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport } from './report.js';
import { run, type Store } from './run.js';
import { defaultMix, type Step } from './steps.js';
import { openFreshStore, openStore, type StoreName } from './stores.js';
import type { Environment } from './world.js';

// `npm run simulate -- --seed S --sequences N [--steps L] [--store pglite|postgres] [--env stage|production]
// [--replay FILE] [--no-shrink] [--fault-rate R]`: runs the sequences of seeds S to S+N-1 (docs/reliability/simulator.md). Exit 0 when every
// invariant held, 1 on a failure (its shrunk steps also written to .data/simulation/), 2 on a usage error.

const usage =
  'usage: npm run simulate -- --seed S --sequences N [--steps L] [--store pglite|postgres] ' +
  '[--env stage|production] [--replay FILE] ' +
  '[--no-shrink] [--fault-rate 0..1]';

function options() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      sequences: { type: 'string', default: '100' },
      steps: { type: 'string', default: '40' },
      store: { type: 'string', default: 'pglite' },
      env: { type: 'string', default: 'stage' },
      replay: { type: 'string' },
      'no-shrink': { type: 'boolean', default: false },
      'fault-rate': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const whole = (name: string, raw: string | undefined, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number from ${min}, got ${raw}`);
    return n;
  };
  if (values.store !== 'pglite' && values.store !== 'postgres') throw new Error('--store is pglite or postgres');
  if (values.env !== 'stage' && values.env !== 'production') throw new Error('--env is stage or production');
  const faultRate = values['fault-rate'] === undefined ? defaultMix.faultRate : Number(values['fault-rate']);
  if (!(faultRate >= 0 && faultRate <= 1)) throw new Error('--fault-rate is a number from 0 to 1');
  return {
    // Without --seed, one is chosen and printed, so that the run can be repeated.
    seed: values.seed === undefined ? Math.floor(Date.now() % 1_000_000) : whole('seed', values.seed, 0),
    sequences: whole('sequences', values.sequences, 1),
    steps: whole('steps', values.steps, 1),
    store: values.store as StoreName,
    environment: values.env as Environment,
    replay: values.replay === undefined ? undefined : (JSON.parse(readFileSync(values.replay, 'utf8')) as Step[]),
    shrink: !values['no-shrink'],
    faultRate,
  };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(usage);
    return 2;
  }
  console.log(
    parsed.replay
      ? `replaying ${parsed.replay.length} steps on ${parsed.store} as ${parsed.environment}`
      : `simulating seeds ${parsed.seed} to ${parsed.seed + parsed.sequences - 1}, ${parsed.steps} steps each, ` +
          `on ${parsed.store} as ${parsed.environment}`,
  );
  const store = await openStore(parsed.store);
  try {
    const report = await run({
      seed: parsed.seed,
      sequences: parsed.sequences,
      steps: parsed.steps,
      mix: { ...defaultMix, faultRate: parsed.faultRate },
      environment: parsed.environment,
      store,
      // Each shrink candidate runs on a database of its own: a new PGlite, or a new database on the server.
      freshStore: (): Promise<Store> => openFreshStore(parsed.store),
      ...(parsed.replay ? { replay: parsed.replay } : {}),
      shrink: parsed.shrink,
      log: (line) => console.log(line),
    });
    console.log(formatReport(report, { store: parsed.store, steps: parsed.steps, environment: parsed.environment }));
    if (report.failure) {
      const dir = join('.data', 'simulation');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `failure-${report.failure.seed}.json`);
      writeFileSync(file, `${JSON.stringify(report.failure.shrunk ?? report.failure.steps, null, 1)}\n`);
      const env = parsed.environment === 'production' ? ' --env production' : '';
      console.log(`replay exactly: npm run simulate -- --store ${parsed.store}${env} --replay ${file}`);
    }
    return report.failure || report.finalLedgerProblems.length > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}

/** Exits once stdout has taken everything written: a pipe's writes are asynchronous, and exit would cut them. */
const exitAfterOutput = (code: number) => process.stdout.write('', () => process.exit(code));

main().then(exitAfterOutput, (error: unknown) => {
  console.error(error);
  exitAfterOutput(1);
});
