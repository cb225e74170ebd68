import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import {
  findSessionByFlow,
  insertSession,
  type KycSession,
  lockSessionByLink,
  type SessionOptions,
  startFlow,
  supersedeOpenSessions,
} from './repo.js';

/** A URL-safe secret for a link; only its hash is stored, so a database read does not reveal working links. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * Starts an attempt: a fresh single-use link. Every unfinished attempt of the account is superseded, so only the
 * newest link works (the spec: generate a fresh one per attempt). The link's expiry is a deadline on the workspace's
 * clock (`deadlineNowMs`: a stage test clock moves it; docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock").
 */
export async function createSession(
  tx: Queryable,
  input: {
    workspaceId: string;
    accountId: string;
    email: string;
    verificationType: 'KYC' | 'KYB';
    options: SessionOptions;
  },
  nowMs: number,
  deadlineNowMs: number = nowMs,
): Promise<{ id: string; linkSecret: string }> {
  await supersedeOpenSessions(tx, input.accountId);
  const id = randomUUID();
  const linkSecret = newSecret();
  await insertSession(tx, {
    id,
    workspaceId: input.workspaceId,
    accountId: input.accountId,
    email: input.email,
    verificationType: input.verificationType,
    linkHash: hashSecret(linkSecret),
    options: input.options,
    nowMs,
    linkExpiresAtMs: deadlineNowMs + limits.kycLinkTtlMs,
  });
  return { id, linkSecret };
}

export type LinkOpening =
  | { readonly ok: true; readonly flowSecret: string; readonly session: KycSession }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'used'; readonly session?: KycSession };

/**
 * Spends a kycUrl: the first opening starts the flow under a new secret; any later opening is refused. The link's
 * expiry is read on its workspace's clock (`offsetOf` answers the workspace's test clock offset); the flow that
 * follows runs on the system clock: a customer is at the page, in real time.
 */
export async function openLink(
  tx: Queryable,
  linkSecret: string,
  nowMs: number,
  offsetOf: (workspaceId: string) => Promise<number> = async () => 0,
): Promise<LinkOpening> {
  const session = await lockSessionByLink(tx, hashSecret(linkSecret));
  if (!session) return { ok: false, reason: 'unknown' };
  if (session.step !== 'link') return { ok: false, reason: 'used', session };
  const linkNowMs = nowMs + (await offsetOf(session.workspace_id));
  if (Number(session.link_expires_at_ms) <= linkNowMs) return { ok: false, reason: 'expired', session };
  const flowSecret = newSecret();
  await startFlow(tx, session.id, hashSecret(flowSecret), nowMs, nowMs + limits.kycFlowTtlMs);
  return { ok: true, flowSecret, session: { ...session, step: 'consent' } };
}

/** The attempt behind a flow secret, locked when the caller is about to change it; undefined when unknown. */
export async function findFlow(tx: Queryable, flowSecret: string, forUpdate: boolean): Promise<KycSession | undefined> {
  return findSessionByFlow(tx, hashSecret(flowSecret), forUpdate);
}

export const flowExpired = (session: KycSession, nowMs: number): boolean =>
  session.flow_expires_at_ms !== null && Number(session.flow_expires_at_ms) <= nowMs;
