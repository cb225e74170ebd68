import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../limits.js';
import { OutageLog } from '../storage/outage-log.js';

export interface PollingLoopOptions {
  /** Pause between the end of one round and the start of the next. */
  readonly intervalMs: number;
  /** Names the worker in the two lines an outage logs ("job runner"). */
  readonly name: string;
  /** The longest pause after failed rounds: the backoff doubles from intervalMs up to this. */
  readonly backoffMaxMs?: number;
  /** A number in [0, 1); Math.random unless a test fixes it. */
  readonly random?: () => number;
}

/**
 * The loop behind every background worker of a process (the job runner, the webhook dispatcher): one round at a
 * time, a round every interval after the last one ended, and `runDue` or `wake` for a round now. A round asked for
 * while one runs joins it (`onBusy` lets the worker note that more work was announced). A worker never stops for a
 * failed round: while rounds fail (the database is away) the pause doubles up to backoffMaxMs, with jitter so that
 * processes do not return in step, wake-ups wait for it, and the outage is logged once when it starts and once
 * when a round works again.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  private failures = 0;
  private readonly outage: OutageLog;

  /** One round of work; answers how much it did. */
  private readonly round: () => Promise<number>;

  constructor(
    round: () => Promise<number>,
    log: FastifyBaseLogger,
    private readonly options: PollingLoopOptions,
    private readonly onBusy: () => void = () => {},
  ) {
    // A round runs in the context the worker was made in, never in that of whatever woke it: a wake-up from inside a
    // request (a NOTIFY delivered on its connection) must not lend the background work that request's audit scope.
    this.round = AsyncResource.bind(round);
    this.outage = new OutageLog(log, options.name);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops scheduling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** Runs a round now, or joins the one in progress (tests call it instead of waiting). */
  runDue(): Promise<number> {
    if (this.running) {
      this.onBusy();
      return this.running;
    }
    this.running = this.round()
      .then(
        (done) => {
          this.failures = 0;
          this.outage.recovered();
          return done;
        },
        (error: unknown) => {
          this.failures += 1;
          this.outage.failed(error);
          throw error;
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /**
   * A round now, without waiting for it: for notifications that new work exists. A notification comes from the
   * database, so it also ends a backoff: the database is back.
   */
  wake(): void {
    if (this.stopped) return;
    void this.runDue().catch(() => {});
  }

  /** The pause before the next scheduled round: the interval, or the backoff after failed rounds. */
  nextDelayMs(): number {
    if (this.failures === 0) return this.options.intervalMs;
    const ceiling = Math.min(
      this.options.intervalMs * 2 ** this.failures,
      this.options.backoffMaxMs ?? limits.pollingBackoffMaxMs,
    );
    // Full jitter over the upper half: never sooner than half the backoff, never in step with other processes.
    return Math.round(ceiling / 2 + (ceiling / 2) * (this.options.random ?? Math.random)());
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runDue()
        .catch(() => {})
        .finally(() => this.schedule(this.nextDelayMs()));
    }, delayMs);
  }
}
