import { randomUUID } from 'node:crypto';
import { type AccountRow, ensureCustomerAccount } from '../accounts/accounts.js';
import { allowance, stateError } from '../domain/errors.js';
import { type KycStatus, type KycStep, kycRoute, terminalKycStatuses } from '../domain/states/kyc-status.js';
import { recordEvent } from '../events/outbox.js';
import type { Queryable } from '../storage/db.js';

/** The account id partners see: the email for individuals (spec: KYC verification, accountId). */
export const publicAccountId = (account: AccountRow): string => account.email ?? account.id;

/**
 * Moves a customer's verification to `target` along the permitted path, inside the caller's transaction, with a
 * `verification_status_updated` event per step (and the deprecated `kyc_completed` on reaching a final state).
 */
export async function moveVerification(
  tx: Queryable,
  workspaceId: string,
  email: string,
  target: KycStatus,
  nowMs: number,
): Promise<{ account: AccountRow; steps: KycStep[] }> {
  const created = await ensureCustomerAccount(tx, workspaceId, email, nowMs);
  // Re-read under a row lock: two simultaneous moves of one customer apply one after the other.
  const [account] = await tx.query<AccountRow>('select * from accounts where id = $1 for update', [created.id]);
  if (!account) throw new Error('customer account vanished');
  const route = kycRoute(account.verification_status, target);
  if (!route.ok) throw stateError(`Cannot move ${account.email} to ${target}: ${route.reason}`);
  if (route.steps.length === 0) return { account, steps: [] };
  await tx.query('update accounts set verification_status = $2 where id = $1', [account.id, target]);
  for (const step of route.steps) {
    const types = terminalKycStatuses.has(step.to)
      ? ['verification_status_updated', 'kyc_completed']
      : ['verification_status_updated'];
    for (const type of types) {
      const eventId = randomUUID();
      await recordEvent(tx, {
        workspaceId,
        type,
        eventId: randomUUID(),
        data: {
          eventId,
          occurredAt: nowMs,
          verificationType: 'KYC',
          customerEmail: account.email,
          entityId: publicAccountId(account),
          status: step.to,
          previousStatus: step.from,
        },
        occurredAtMs: nowMs,
      });
    }
  }
  return { account: { ...account, verification_status: target }, steps: route.steps };
}

/** The verification gate: a payer or an on-behalf customer must be APPROVED (403 AllowanceError naming the status). */
export async function requireApproved(tx: Queryable, workspaceId: string, email: string, role: string): Promise<void> {
  const rows = await tx.query<{ verification_status: KycStatus }>(
    `select verification_status from accounts where workspace_id = $1 and kind = 'customer' and email = $2`,
    [workspaceId, email.trim().toLowerCase()],
  );
  const status = rows[0]?.verification_status ?? 'NOT_AVAILABLE';
  if (status !== 'APPROVED') {
    throw allowance(`The ${role} ${email} has verification status ${status}; APPROVED is required`);
  }
}
