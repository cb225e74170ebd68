import type { Static } from 'typebox';
import { Type } from 'typebox';
import { ensureHolderAccount, ensureWorkspaceAccount } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { authorization, existence } from '../../domain/errors.js';
import { resourceId } from '../../domain/ids.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type JobHandler, twoPhase } from '../../jobs/runner.js';
import type { Clock } from '../../platform/clock.js';
import { secondsOf } from '../../platform/clock.js';
import { Email, Obj, StringEnum, titled } from '../../platform/schema.js';
import { notOffered, requireCollection } from '../../providers/capabilities.js';
import type { RailProvider } from '../../providers/rails/rail-provider.js';
import { STAGE_ACCOUNT_HOLDER, STAGE_BANK_NAME } from '../../providers/rails/sandbox/bank-details.js';
import { sandboxCvu } from '../../providers/rails/sandbox/cvu.js';
import { referenceCodeOf } from '../../providers/rails/sandbox/instructions.js';
import type { Queryable } from '../../storage/db.js';
import { requireApproved } from '../../verification/verification.js';
import { outcomesByHand } from '../../workspaces/sandbox-outcomes.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { activateMethod, findMethod, insertPendingMethod, listMethods, type MethodRow } from './repo-methods.js';
import { DepositInfoSchema } from './schema.js';

/** The currencies fiat methods can be created for (spec), with the rail each collects on. */
const methodRails = {
  EUR: 'SEPA',
  USD: 'ACH_US',
  GBP: 'GBP_BANK_TRANSFER',
  MXN: 'SPEI',
  ARS: 'ARGENTINA_BANK_TRANSFER',
  BRL: 'PIX_BR',
} as const;
type MethodCurrency = keyof typeof methodRails;

export const CreateMethodRequest = Obj({
  methodType: StringEnum(['fiat']),
  currency: StringEnum(Object.keys(methodRails) as MethodCurrency[]),
  userEmail: Type.Optional({ ...Email, description: "A customer's method; without it, the workspace's own" }),
});

export const DepositMethod = titled(
  'Deposit method',
  Type.Object({
    methodId: Type.String(),
    methodType: Type.String(),
    currency: Type.String(),
    rail: Type.String(),
    status: StringEnum(['PENDING', 'ACTIVE'], { description: 'PENDING while the account is being opened' }),
    userEmail: Type.Optional(Type.String()),
    depositInfo: DepositInfoSchema,
    createdAt: Type.Integer(),
  }),
);

export const depositMethodActivateJob = 'deposit_method.activate';

const methodView = (row: MethodRow): Static<typeof DepositMethod> => ({
  methodId: row.id,
  methodType: row.method_type,
  currency: row.currency,
  rail: row.rail,
  status: row.status,
  ...(row.email ? { userEmail: row.email } : {}),
  depositInfo: row.deposit_info as { depositType: string },
  createdAt: secondsOf(Number(row.created_at_ms)),
});

/** What creating a deposit method reads of the server. */
export type DepositMethodCreating = Pick<AppContext, 'db' | 'clock' | 'config' | 'capabilities'>;

/** A method reads PENDING until its account is provisioned; the activation job fills in the details. */
export async function createDepositMethod(
  ctx: DepositMethodCreating,
  workspace: WorkspaceContext,
  body: Static<typeof CreateMethodRequest>,
) {
  // Production matches inbound credits to deposits and orders by their RF reference; a standing account-level
  // method would need its own matching, which no connected rail reports yet (docs/decisions/), so it is not offered.
  if (!ctx.capabilities.sandbox) throw notOffered(`Account-level ${body.currency} deposit methods`);
  requireCollection(ctx.capabilities, body.currency, methodRails[body.currency]);
  if (body.userEmail !== undefined) await requireApproved(ctx.db, workspace.id, body.userEmail, 'account holder');
  const id = resourceId(ctx.config.brokerageEnv === 'production');
  const nowMs = ctx.clock.nowMs();
  const row = await ctx.db.transaction(async (tx) => {
    const accountId =
      body.userEmail === undefined
        ? await ensureWorkspaceAccount(tx, workspace.id, nowMs)
        : (await ensureHolderAccount(tx, workspace.id, body.userEmail, nowMs)).id;
    const method = {
      id,
      workspaceId: workspace.id,
      accountId,
      methodType: body.methodType,
      currency: body.currency,
      rail: methodRails[body.currency],
    };
    await insertPendingMethod(tx, method, nowMs);
    const created = await findMethod(tx, id);
    const view = methodView(created as MethodRow);
    await recordEvent(tx, {
      workspaceId: workspace.id,
      type: 'deposit_method_created',
      eventId: id,
      data: view,
      occurredAtMs: nowMs,
    });
    await enqueueJob(
      tx,
      { kind: depositMethodActivateJob, payload: { methodId: id }, runAtMs: nowMs + ctx.config.sandboxSettleDelayMs },
      nowMs,
    );
    return created as MethodRow;
  });
  return methodView(row);
}

export async function listDepositMethods(db: Queryable, workspace: WorkspaceContext) {
  return (await listMethods(db, workspace.id)).map(methodView);
}

export async function readDepositMethod(db: Queryable, workspace: WorkspaceContext, id: string) {
  const row = await findMethod(db, id);
  if (!row) throw existence(`Deposit method ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Deposit method ${id} is outside this workspace`);
  return methodView(row);
}

/** Account-level instructions carry no amount; ARS gets a CVU, which no deposit rail of the catalogue issues. */
async function methodInstructions(rails: RailProvider, id: string, currency: string, rail: string) {
  if (currency === 'ARS') {
    return {
      depositType: 'BANK_TRANSFER',
      accountHolder: STAGE_ACCOUNT_HOLDER,
      accountNumber: sandboxCvu(id),
      bankName: STAGE_BANK_NAME,
      referenceCode: referenceCodeOf(id),
    };
  }
  return rails.depositInstructions({ depositId: id, currency, rail, amount: undefined });
}

export function depositMethodActivateHandler(
  clock: Clock,
  rails: RailProvider,
  db: Queryable,
  config: Pick<Config, 'brokerageEnv'>,
): JobHandler {
  return twoPhase<Record<string, unknown> | undefined>({
    // Stage, outcomes driven by hand (asked when the job runs): the method stays PENDING for the activate helper.
    prepare: async (job) => {
      const method = await findMethod(db, String(job.payload.methodId));
      if (method === undefined || (await outcomesByHand(config, db, method.workspace_id))) return undefined;
      return provisionMethod(rails, db, method.id);
    },
    apply: async (tx, job, depositInfo) => {
      if (depositInfo !== undefined)
        await activateProvisioned(tx, String(job.payload.methodId), depositInfo, clock.nowMs());
    },
  });
}

/**
 * Provisioning asks the rail for the account's details, outside any transaction; undefined when the method is not
 * PENDING (any more). The activation job's first phase, and the sandbox's activate helper's (simulate/).
 */
export async function provisionMethod(
  rails: RailProvider,
  db: Queryable,
  methodId: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await findMethod(db, methodId);
  if (row?.status !== 'PENDING') return undefined;
  return (await methodInstructions(rails, row.id, row.currency, row.rail)) as unknown as Record<string, unknown>;
}

/**
 * Records the provisioned details on the method, locked, if it is still PENDING: ACTIVE and deposit_method_activated.
 * True when this call activated it; false when another (the job, or a helper) already had.
 */
export async function activateProvisioned(
  tx: Queryable,
  methodId: string,
  depositInfo: Record<string, unknown>,
  nowMs: number,
): Promise<boolean> {
  const row = await findMethod(tx, methodId, true);
  if (row?.status !== 'PENDING') return false;
  await activateMethod(tx, row.id, depositInfo, nowMs);
  const view = methodView({ ...row, status: 'ACTIVE', deposit_info: depositInfo });
  await recordEvent(tx, {
    workspaceId: row.workspace_id,
    type: 'deposit_method_activated',
    eventId: row.id,
    data: view,
    occurredAtMs: nowMs,
  });
  return true;
}
