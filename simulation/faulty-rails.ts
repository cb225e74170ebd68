import type { RailProvider } from '../src/providers/rails/rail-provider.js';

// The sandbox rails (src/providers/rails/sandbox-rails.ts) behind a switch the simulator sets: a provider call that
// fails, or one that times out after the rail did the work (the payout went out; its answer never came back).
// RailProvider.payout must be idempotent by payoutId, so the job's retry may call it again.

export type RailFault = 'rail-fails' | 'rail-times-out';

export class FaultyRails implements RailProvider {
  /** The fault applied to the next `remaining` calls. */
  private fault: RailFault | undefined;
  private remaining = 0;
  /** Calls that met a fault, for the step's record. */
  faulted = 0;

  constructor(private readonly real: RailProvider) {}

  arm(fault: RailFault, calls: number): void {
    this.fault = fault;
    this.remaining = calls;
  }

  disarm(): void {
    this.fault = undefined;
    this.remaining = 0;
  }

  private take(): RailFault | undefined {
    if (this.fault === undefined || this.remaining <= 0) return undefined;
    this.remaining -= 1;
    this.faulted += 1;
    return this.fault;
  }

  depositInstructions: RailProvider['depositInstructions'] = async (request) => {
    const fault = this.take();
    if (fault === 'rail-fails') throw new Error('injected: the rail refused the connection');
    const answer = await this.real.depositInstructions(request);
    if (fault === 'rail-times-out') throw new Error('injected: the rail did not answer in time');
    return answer;
  };

  payout: RailProvider['payout'] = async (request) => {
    const fault = this.take();
    if (fault === 'rail-fails') throw new Error('injected: the rail refused the connection');
    const answer = await this.real.payout(request);
    if (fault === 'rail-times-out') throw new Error('injected: the rail did not answer in time');
    return answer;
  };
}
