import type { Actors } from './actors.js';
import type { Step } from './steps.js';

/** Leases of the job runner and the dispatcher (30 s, jobs/runner.ts and limits.webhookLeaseMs), and a moment. */
const leasePastMs = 30_001;

/**
 * The background workers' round, as a process's polling loops would run it: the due jobs, then the webhook
 * deliveries, with the step's fault on the round. A crash while they hold claims leaves them to the next instance,
 * which finds them once their leases have run out.
 */
export async function runWorkers(a: Actors, step: Step | undefined): Promise<string> {
  const { store, rails, ctx } = a.world.instance;
  const fault = step?.fault;
  const point = step?.point ?? 1;
  if (fault === 'crash-after-job-claim') store.armClaimCrash('job');
  else if (fault === 'crash-after-delivery-claim') store.armClaimCrash('delivery');
  else if (fault === 'db-down' || fault === 'db-lost-before' || fault === 'db-lost-after' || fault === 'db-error') {
    store.arm({ kind: fault, point });
  } else if (fault === 'crash-after') store.arm({ kind: 'crash-after', point });
  else if (fault === 'rail-fails' || fault === 'rail-times-out') rails.arm(fault, point);
  let outcome = 'ran';
  try {
    await ctx.jobs.runDue();
    await ctx.webhooks.runDue();
  } catch {
    // A round that failed is run again by the loop after its pause; here, by a later tick.
    outcome = 'round failed';
  } finally {
    store.disarm();
    rails.disarm();
  }
  if (store.dead) {
    // The process died holding claims: its successor finds them once their leases have run out.
    await a.world.crash();
    a.world.clock.advance(leasePastMs);
    await a.world.instance.ctx.jobs.runDue().catch(() => {});
    await a.world.instance.ctx.webhooks.runDue().catch(() => {});
    outcome = 'crashed, recovered';
  }
  return outcome;
}
