import type { Static } from 'typebox';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../storage/db.js';
import { moveVerification, publicAccountId } from '../../verification/verification.js';
import type { SimulateKycRequest, SimulateKycResponse } from './schema.js';

/**
 * Moves a customer's verification along the permitted path to the requested status, in one transaction: each
 * step is its own verification_status_updated event, and the answer lists the steps.
 */
export async function simulateKyc(
  db: Db,
  clock: Clock,
  workspaceId: string,
  body: Static<typeof SimulateKycRequest>,
): Promise<Static<typeof SimulateKycResponse>> {
  const { account, steps } = await db.transaction((tx) =>
    moveVerification(tx, workspaceId, body.userEmail, body.status, clock.nowMs()),
  );
  return {
    success: true as const,
    userEmail: account.email ?? body.userEmail,
    accountId: publicAccountId(account),
    status: account.verification_status,
    transitions: steps.map((s) => ({ previousStatus: s.from, status: s.to })),
  };
}
