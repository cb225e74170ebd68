/** The few logger methods the storage layer uses (pino's shape). */
export interface OutageLogger {
  warn(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * One log line when something starts failing and one when it works again, however many attempts fail in between:
 * while the database is away, a pool's connections, the job runner and the dispatcher would otherwise each log
 * every attempt. The second line says how long it lasted and how many failures it hid.
 */
export class OutageLog {
  private since: number | undefined;
  private failures = 0;

  constructor(
    private readonly log: OutageLogger,
    /** What is failing, in the lines: "database connections", "job runner". */
    private readonly what: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  get inOutage(): boolean {
    return this.since !== undefined;
  }

  failed(error: unknown): void {
    this.failures += 1;
    if (this.since !== undefined) return;
    this.since = this.nowMs();
    this.log.warn({ err: error, what: this.what }, `${this.what}: failing; retrying with backoff until it works`);
  }

  recovered(): void {
    if (this.since === undefined) return;
    const outageMs = this.nowMs() - this.since;
    this.log.info({ what: this.what, outageMs, failures: this.failures }, `${this.what}: working again`);
    this.since = undefined;
    this.failures = 0;
  }
}
