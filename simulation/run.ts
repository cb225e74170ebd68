import type { Db } from '../src/storage/db.js';
import { ledgerProblems } from './ledger-checks.js';
import { Random } from './random.js';
import { runSequence, type SequenceFailure } from './sequence.js';
import { shrink } from './shrink.js';
import { SimClock } from './sim-clock.js';
import { defaultMix, drawSequence, type Fault, type Mix, type Step } from './steps.js';
import { type Environment, World } from './world.js';

// A run: sequences seeded seed, seed + 1, ... on one database and one app instance at a time (replaced at each
// crash), the whole database's ledger checked at the end. The first failing sequence stops the run; its steps up to
// the failure are shrunk, each candidate run again from a fresh database.

/** A database for a run or a shrink candidate, and how to let it go. */
export interface Store {
  readonly db: Db;
  close(): Promise<void>;
}

export interface RunOptions {
  readonly seed: number;
  readonly sequences: number;
  readonly steps: number;
  readonly mix?: Mix;
  /** The app runs as the stage sandbox (the default) or as production (`--env production`). */
  readonly environment?: Environment;
  readonly store: Store;
  /** A fresh database for each shrink candidate; the run's own (a fresh workspace on it) when absent. */
  readonly freshStore?: () => Promise<Store>;
  /** Runs these steps as the one sequence instead of drawing them (`--replay`). */
  readonly replay?: readonly Step[];
  readonly shrink?: boolean;
  /** The shrinker's budget of runs (150 when absent). */
  readonly shrinkRunsMax?: number;
  readonly log?: (line: string) => void;
}

export interface FailureReport {
  readonly seed: number;
  readonly failure: SequenceFailure;
  /** The steps up to and including the failing one. */
  readonly steps: readonly Step[];
  readonly shrunk: readonly Step[] | undefined;
  readonly shrinkRuns: number;
  /** The shrunk list still failed when run alone from a fresh database. */
  readonly reproduced: boolean;
}

export interface RunReport {
  readonly sequences: number;
  readonly steps: number;
  readonly durationMs: number;
  readonly outcomes: Map<string, number>;
  /** Real milliseconds per operation, set-up, drain and checks, summed over the sequences. */
  readonly elapsedMs: Map<string, number>;
  readonly faultsDrawn: Map<Fault, number>;
  readonly faultsFired: number;
  readonly instancesBuilt: number;
  readonly failure: FailureReport | undefined;
  readonly finalLedgerProblems: readonly string[];
  /** The largest resident set sampled after each sequence, in bytes. */
  readonly peakRssBytes: number;
}

/** The invariant a failure broke: the words before the first colon of its first problem. */
const invariantOf = (failure: SequenceFailure) => (failure.problems[0] ?? '').split(':')[0] ?? '';

export async function run(options: RunOptions): Promise<RunReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const environment = options.environment ?? 'stage';
  const world = new World(options.store.db, new SimClock(), undefined, environment);
  await world.start();
  const mix: Mix = { ...(options.mix ?? defaultMix), environment };
  const outcomes = new Map<string, number>();
  const elapsedMs = new Map<string, number>();
  const faultsDrawn = new Map<Fault, number>();
  let faultsFired = 0;
  let steps = 0;
  let sequences = 0;
  let failure: FailureReport | undefined;
  let peakRssBytes = process.memoryUsage.rss();
  const count = options.replay === undefined ? options.sequences : 1;
  for (let i = 0; i < count && failure === undefined; i += 1) {
    const seed = options.seed + i;
    const drawn = options.replay ?? drawSequence(new Random(seed), options.steps, mix);
    const result = await runSequence(world, `simulation ${seed}`, drawn);
    sequences += 1;
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
    steps += result.failure ? result.failure.stepIndex + 1 : drawn.length;
    faultsFired += result.faultsFired;
    for (const [key, n] of result.outcomes) outcomes.set(key, (outcomes.get(key) ?? 0) + n);
    for (const [key, ms] of result.elapsedMs) elapsedMs.set(key, (elapsedMs.get(key) ?? 0) + ms);
    for (const step of drawn) if (step.fault) faultsDrawn.set(step.fault, (faultsDrawn.get(step.fault) ?? 0) + 1);
    if (result.failure !== undefined) {
      const failing = drawn.slice(0, result.failure.stepIndex + 1);
      log(`seed ${seed}: ${result.failure.problems[0]}`);
      failure =
        options.shrink === false
          ? unshrunk(seed, result.failure, failing)
          : await shrinkFailure(options, seed, result.failure, failing, log);
    } else if ((i + 1) % 100 === 0) {
      log(`${i + 1} sequences, ${steps} steps, ${Math.round((performance.now() - started) / 1000)} s`);
    }
  }
  const finalLedgerProblems = (await ledgerProblems(options.store.db)).problems;
  return {
    sequences,
    steps,
    durationMs: performance.now() - started,
    outcomes,
    elapsedMs,
    faultsDrawn,
    faultsFired,
    instancesBuilt: world.instancesBuilt,
    failure,
    finalLedgerProblems,
    peakRssBytes,
  };
}

const unshrunk = (seed: number, failure: SequenceFailure, steps: readonly Step[]): FailureReport => ({
  seed,
  failure,
  steps,
  shrunk: undefined,
  shrinkRuns: 0,
  reproduced: false,
});

async function shrinkFailure(
  options: RunOptions,
  seed: number,
  failure: SequenceFailure,
  failing: readonly Step[],
  log: (line: string) => void,
): Promise<FailureReport> {
  const invariant = invariantOf(failure);
  let candidates = 0;
  const fails = async (candidate: readonly Step[]): Promise<boolean> => {
    const store = options.freshStore ? await options.freshStore() : options.store;
    try {
      const world = new World(store.db, new SimClock(), undefined, options.environment ?? 'stage');
      await world.start();
      candidates += 1;
      const result = await runSequence(world, `shrink ${seed}.${candidates}`, candidate);
      return result.failure !== undefined && invariantOf(result.failure) === invariant;
    } finally {
      if (store !== options.store) await store.close();
    }
  };
  log(`seed ${seed}: shrinking ${failing.length} steps (${invariant})`);
  const reproduced = await fails(failing);
  if (!reproduced) {
    log(`seed ${seed}: the failure did not reproduce alone from a fresh database; the steps are not shrunk`);
    return { seed, failure, steps: failing, shrunk: undefined, shrinkRuns: 1, reproduced };
  }
  const shrunk = await shrink(failing, fails, options.shrinkRunsMax);
  log(
    `seed ${seed}: ${shrunk.steps.length} steps after ${shrunk.runs} runs${shrunk.exhausted ? ' (budget spent)' : ''}`,
  );
  return { seed, failure, steps: failing, shrunk: shrunk.steps, shrinkRuns: shrunk.runs + 1, reproduced };
}
