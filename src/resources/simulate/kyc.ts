import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { moveVerification, publicAccountId } from '../../verification/verification.js';
import type { SimulateKycRequest, SimulateKycResponse } from './schema.js';

/**
 * Moves a customer's verification along the permitted path to the requested status, in one transaction: each
 * step is its own verification_status_updated event, and the answer lists the steps.
 */
export async function simulateKyc(
  ctx: AppContext,
  workspaceId: string,
  body: Static<typeof SimulateKycRequest>,
): Promise<Static<typeof SimulateKycResponse>> {
  const { account, steps } = await ctx.db.transaction((tx) =>
    moveVerification(tx, workspaceId, body.userEmail, body.status, ctx.clock.nowMs()),
  );
  return {
    success: true as const,
    userEmail: account.email ?? body.userEmail,
    accountId: publicAccountId(account),
    status: account.verification_status,
    transitions: steps.map((s) => ({ previousStatus: s.from, status: s.to })),
  };
}
