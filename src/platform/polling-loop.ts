import type { FastifyBaseLogger } from 'fastify';

export interface PollingLoopOptions {
  /** Pause between the end of one round and the start of the next. */
  readonly intervalMs: number;
  /** Logged with the error when a round fails; the loop goes on. */
  readonly failureMessage: string;
}

/**
 * The loop behind every background worker of a process (the job runner, the webhook dispatcher): one round at a
 * time, a round every interval after the last one ended, and `runDue` or `wake` for a round now. A round asked for
 * while one runs joins it (`onBusy` lets the worker note that more work was announced). A failed round is logged
 * and the next one comes at the interval: a worker never stops for a database error.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    /** One round of work; answers how much it did. */
    private readonly round: () => Promise<number>,
    private readonly log: FastifyBaseLogger,
    private readonly options: PollingLoopOptions,
    private readonly onBusy: () => void = () => {},
  ) {}

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
    this.running = this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A round now, without waiting for it: for notifications that new work exists. */
  wake(): void {
    if (this.stopped) return;
    void this.runDue().catch((error: unknown) => this.log.error({ err: error }, this.options.failureMessage));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runDue()
        .catch((error: unknown) => this.log.error({ err: error }, this.options.failureMessage))
        .finally(() => this.schedule(this.options.intervalMs));
    }, delayMs);
  }
}
