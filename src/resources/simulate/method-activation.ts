import type { AppContext } from '../../app-context.js';
import { stateError } from '../../domain/errors.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { activateProvisioned, provisionMethod, readDepositMethod } from '../deposits/methods.js';

/** What activating a deposit method now reads of the server: the store, the rail that provisions it, the clock. */
export type MethodActivating = Pick<AppContext, 'db' | 'clock' | 'rails'>;

/**
 * Activates a PENDING deposit method now, through the activation job's own two phases: the rail's details fetched
 * outside any transaction, then recorded under the method's row lock with deposit_method_activated. The job, when
 * it runs later, finds the method ACTIVE and does nothing; when it ran first, this answers 409 StateError.
 */
export async function activateMethodNow(ctx: MethodActivating, workspace: WorkspaceContext, id: string) {
  const method = await readDepositMethod(ctx.db, workspace, id);
  const refuse = () => stateError(`Deposit method ${id} is already ACTIVE`);
  if (method.status !== 'PENDING') throw refuse();
  const depositInfo = await provisionMethod(ctx.rails, ctx.db, id);
  if (depositInfo === undefined) throw refuse();
  const activated = await ctx.db.transaction((tx) => activateProvisioned(tx, id, depositInfo, ctx.clock.nowMs()));
  if (!activated) throw refuse();
  return readDepositMethod(ctx.db, workspace, id);
}
