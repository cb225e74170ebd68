import { randomUUID } from 'node:crypto';
import {
  type AccountRow,
  ensureHolderAccount,
  findHolderAccount,
  lockAccount,
  representativesOf,
  setVerificationStatus,
} from '../accounts/accounts.js';
import { allowance, stateError } from '../domain/errors.js';
import { type KycStatus, type KycStep, kycRoute, terminalKycStatuses } from '../domain/states/kyc-status.js';
import type { EventType } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import type { Queryable } from '../storage/db.js';

/** The account id partners see: the email for individuals, the organisation's id for representatives. */
export const publicAccountId = (account: AccountRow): string => account.email ?? account.id;

export const verificationTypeOf = (account: AccountRow): 'KYC' | 'KYB' =>
  account.kind === 'organisation' ? 'KYB' : 'KYC';

/**
 * Moves an account's verification to `target` along the permitted path, inside the caller's transaction, with a
 * `verification_status_updated` event per step (and the deprecated `kyc_completed` on reaching a final state).
 * The account row is locked first, so two simultaneous moves of one account apply one after the other.
 */
export async function moveAccountVerification(
  tx: Queryable,
  accountId: string,
  target: KycStatus,
  nowMs: number,
): Promise<{ account: AccountRow; steps: KycStep[] }> {
  const account = await lockAccount(tx, accountId);
  if (!account) throw new Error(`account ${accountId} vanished`);
  const route = kycRoute(account.verification_status, target);
  if (!route.ok) throw stateError(`Cannot move ${publicAccountId(account)} to ${target}: ${route.reason}`);
  if (route.steps.length === 0) return { account, steps: [] };
  const kycId = account.kyc_id ?? `kyc_${randomUUID()}`;
  await setVerificationStatus(tx, account.id, target, kycId);
  const verificationType = verificationTypeOf(account);
  const who =
    verificationType === 'KYB' ? { emails: await representativesOf(tx, account.id) } : { customerEmail: account.email };
  for (const step of route.steps) {
    const types: EventType[] = terminalKycStatuses.has(step.to)
      ? ['verification_status_updated', 'kyc_completed']
      : ['verification_status_updated'];
    for (const type of types) {
      // The envelope id is a delivery UUID; data.eventId is what receivers deduplicate on (spec: Events).
      await recordEvent(tx, {
        workspaceId: account.workspace_id,
        type,
        eventId: randomUUID(),
        data: {
          eventId: randomUUID(),
          occurredAt: nowMs,
          verificationType,
          ...who,
          entityId: publicAccountId(account),
          status: step.to,
          previousStatus: step.from,
        },
        occurredAtMs: nowMs,
      });
    }
  }
  return { account: { ...account, verification_status: target, kyc_id: kycId }, steps: route.steps };
}

/** As moveAccountVerification, for the account holding an email (created on first use). */
export async function moveVerification(
  tx: Queryable,
  workspaceId: string,
  email: string,
  target: KycStatus,
  nowMs: number,
): Promise<{ account: AccountRow; steps: KycStep[] }> {
  const holder = await ensureHolderAccount(tx, workspaceId, email, nowMs);
  return moveAccountVerification(tx, holder.id, target, nowMs);
}

/** The verification gate: a payer or an on-behalf customer must be APPROVED (403 AllowanceError naming the status). */
export async function requireApproved(tx: Queryable, workspaceId: string, email: string, role: string): Promise<void> {
  const status = (await findHolderAccount(tx, workspaceId, email))?.verification_status ?? 'NOT_AVAILABLE';
  requireStatusApproved(status, email, role);
}

/**
 * The gate's verdict on a status a write read in its own statement (holderStatusSql), where the gate is that
 * statement's condition rather than a round trip of its own.
 */
export function requireStatusApproved(status: string, email: string, role: string): void {
  if (status !== 'APPROVED') {
    throw allowance(`The ${role} ${email} has verification status ${status}; APPROVED is required`);
  }
}
