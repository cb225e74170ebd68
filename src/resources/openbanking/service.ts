import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { paymentPageLanguages, paymentPageTitles } from '../../catalogue/hosted-pages.js';
import type { Config } from '../../config.js';
import { existence, externalService, stateError } from '../../domain/errors.js';
import { pickLanguage } from '../../domain/hosted-look.js';
import { esc } from '../../domain/html.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import type { OpenBankingStatus } from '../../domain/states/openbanking-status.js';
import { enqueueJob } from '../../jobs/queue.js';
import { limits } from '../../limits.js';
import { secondsOf } from '../../platform/clock.js';
import { openBankingProviderFor } from '../../providers/openbanking/sandbox-openbanking.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { insertSession, latestSession, lockLiveSession, type SessionRow } from './repo.js';
import type { CreateWebFormRequest, OpenBankingStatusResponse, WebForm } from './schema.js';
import { openBankingJobs } from './settlement.js';
import { checkPayable, detectTarget, loadTarget, type PayTarget } from './target.js';
import { isOverdue, moveSession, sessionAmount } from './transitions.js';

/** The link's secret is stored only as this hash: a database reader cannot pay or cancel anyone's session. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const ttlMinutes = limits.openBankingSessionTtlMs / 60_000;

/** What creating a hosted payment web form reads of the server. */
export type WebFormCreating = Pick<AppContext, 'db' | 'clock' | 'config'>;

/**
 * Creates the hosted payment web form of a deposit or order. A new form supersedes the entity's unpaid one
 * (CANCELLED, reason superseded); while a payment is settling (AUTHORIZED) no new form is made.
 */
export async function createWebForm(
  ctx: WebFormCreating,
  workspace: WorkspaceContext,
  id: string,
  body: Static<typeof CreateWebFormRequest>,
): Promise<Static<typeof WebForm>> {
  const detected = await detectTarget(ctx.db, workspace, id);
  checkPayable(detected);
  if (openBankingProviderFor(ctx.config) === undefined) {
    throw externalService('No open banking provider is available in this environment yet; collect by bank transfer');
  }
  const language = pickLanguage(body.language, paymentPageLanguages);
  const token = randomBytes(32).toString('base64url');
  const nowMs = ctx.clock.nowMs();
  const expiresAtMs = nowMs + limits.openBankingSessionTtlMs;
  await ctx.db.transaction(async (tx) => {
    // Locks in the order entity → session, like every other open banking transaction.
    const target = await loadTarget(tx, detected.entityType, workspace.id, detected.id, true);
    if (!target) throw existence(`${detected.id} does not exist`);
    checkPayable(target);
    const live = await lockLiveSession(tx, target.id);
    if (live?.status === 'AUTHORIZED') {
      throw stateError(`An open banking payment of ${target.id} is being settled; read its status`);
    }
    if (live) {
      const overdue = isOverdue(live, nowMs);
      await moveSession(
        tx,
        live,
        overdue ? { status: 'EXPIRED', reason: 'expired' } : { status: 'CANCELLED', reason: 'superseded' },
        nowMs,
      );
    }
    const sessionId = randomUUID();
    await insertSession(tx, {
      id: sessionId,
      workspaceId: workspace.id,
      entityType: target.entityType,
      entityId: target.id,
      tokenHash: tokenHash(token),
      language,
      currency: target.currency,
      amount: target.outstanding,
      recipient: target.recipient,
      reference: target.reference,
      nowMs,
      expiresAtMs,
    });
    await enqueueJob(tx, { kind: openBankingJobs.expire, payload: { sessionId }, runAtMs: expiresAtMs }, nowMs);
  });
  const webForm = `${ctx.config.publicBaseUrl}/pay/${token}`;
  return {
    orderId: detected.id,
    webForm,
    embed: `<iframe src="${esc(webForm)}" title="${esc(paymentPageTitles[language])}" width="100%" height="640" allow="payment"></iframe>`,
    usage:
      `Redirect the payer to webForm, or embed it with the iframe in embed. The link pays once and expires at ` +
      `${new Date(expiresAtMs).toISOString()} (${ttlMinutes} minutes) unless paid; a new web form replaces it.`,
  };
}

const bankName = (config: Config, session: SessionRow): string =>
  openBankingProviderFor(config)
    ?.banks(session.currency)
    .find((b) => b.id === session.bank_id)?.name ?? String(session.bank_id);

const at = (key: string, ms: bigint | null) => (ms === null ? {} : { [key]: secondsOf(Number(ms)) });

/** The session as the status read shows it; an unpaid form past its expiry reads EXPIRED before its job records it. */
function sessionView(config: Config, session: SessionRow, nowMs: number) {
  const overdue = isOverdue(session, nowMs);
  const amount = sessionAmount(session);
  return {
    sessionId: session.id,
    status: overdue ? ('EXPIRED' as const) : session.status,
    ...(overdue ? { reason: 'expired' as const } : session.reason === null ? {} : { reason: session.reason }),
    ...(amount === null ? {} : { amount }),
    currency: session.currency,
    language: session.language,
    ...(session.bank_id === null ? {} : { bank: { id: session.bank_id, name: bankName(config, session) } }),
    createdAt: secondsOf(Number(session.created_at_ms)),
    updatedAt: secondsOf(Number(session.updated_at_ms)),
    expireAt: secondsOf(Number(session.expires_at_ms)),
    ...at('authorizedAt', session.authorized_at_ms),
    ...at('completedAt', session.completed_at_ms),
  };
}

function noteFor(target: PayTarget, session: ReturnType<typeof sessionView> | null): string {
  const what = target.entityType === 'order' ? "the order's origin leg" : 'the deposit';
  if (session === null) return `No open banking payment was started for ${what}; create a web form to start one.`;
  const expireAt = new Date(session.expireAt * 1000).toISOString();
  const notes: Record<OpenBankingStatus, string> = {
    CREATED: `Waiting for the payer to pay through the web form; it expires at ${expireAt}.`,
    AUTHORIZED: `The payer approved the payment at their bank; the funds are on their way to ${what}.`,
    COMPLETED: `The payment settled into ${what}.`,
    FAILED:
      session.reason === 'declined'
        ? "The payer's bank declined the payment; no funds moved. Create a new web form to try again."
        : `The payment could not be applied: ${what} no longer accepted funds, so nothing was kept.`,
    CANCELLED: 'The payer cancelled the payment; no funds moved.',
    EXPIRED: 'The web form expired before the payer paid; create a new one to try again.',
  };
  return notes[session.status];
}

/** What reading the open banking status of an order or deposit reads of the server. */
export type OpenBankingStatusReading = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The open banking status of an order or deposit id (detected), with its newest session. */
export async function openBankingStatus(
  ctx: OpenBankingStatusReading,
  workspace: WorkspaceContext,
  id: string,
): Promise<Static<typeof OpenBankingStatusResponse>> {
  const target = await detectTarget(ctx.db, workspace, id);
  const session = await latestSession(ctx.db, target.id);
  const view = session ? sessionView(ctx.config, session, ctx.clock.nowMs()) : null;
  return {
    success: true,
    orderId: target.id,
    openbanking: view,
    metadata: {
      entityType: target.entityType,
      ...(target.outstanding === undefined ? {} : { amount: amountToJson(target.outstanding, target.currency) }),
      currency: target.currency,
      entityStatus: target.status,
    },
    note: noteFor(target, view),
  };
}
