import type { Clock } from '../src/platform/clock.js';

/**
 * The application's clock in a simulation (src/platform/clock.ts): it stands still until the simulator moves it,
 * so that jobs' schedules, leases, retries, quote validity and payment windows follow the seed, not the machine.
 * It starts at a fixed instant and only ever moves forward; every app instance of a run shares it, as the
 * processes of a deployment share the wall clock.
 */
export class SimClock implements Clock {
  /** 2026-01-01T00:00:00Z: an ordinary day, far from any daylight or leap-second edge. */
  static readonly startMs = Date.UTC(2026, 0, 1);

  private now = SimClock.startMs;

  nowMs(): number {
    return this.now;
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('the simulated clock never goes back');
    this.now += ms;
  }
}
