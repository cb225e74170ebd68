import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { ensureHolderAccount } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { authorization, existence, stateError, validation } from '../../domain/errors.js';
import { isoDate } from '../../domain/screening/date-of-birth.js';
import { verdictOf } from '../../domain/screening/verdict.js';
import { type AmlResolution, resolveScreening } from '../../domain/states/aml-screening-status.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import { notOffered } from '../../providers/capabilities.js';
import type { ScreeningSubject } from '../../providers/screening/screening-provider.js';
import type { Db, Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { findScreening, insertScreening, resolveScreeningRow, type ScreeningRow } from './repo.js';
import type { CreateAmlScreeningRequest } from './schema.js';
import { operatorScreeningView, screeningView } from './view.js';

type Request = Static<typeof CreateAmlScreeningRequest>;

/** Stateless checks: the names the entity type needs, and a date of birth that exists, for a person only. */
export function screeningSubjectOf(body: Request): ScreeningSubject {
  if (body.entityType === 'INDIVIDUAL') {
    if (body.businessName !== undefined) throw validation('businessName is for a BUSINESS screening');
    if (body.firstName === undefined) throw validation('firstName is required to screen an INDIVIDUAL');
    if (body.lastName === undefined) throw validation('lastName is required to screen an INDIVIDUAL');
    if (body.dateOfBirth !== undefined && isoDate(body.dateOfBirth) === undefined) {
      throw validation(`dateOfBirth ${body.dateOfBirth} is not a calendar date (YYYY-MM-DD)`);
    }
    const name = [body.firstName, body.middleName, body.lastName].filter((n) => n !== undefined).join(' ');
    return {
      entityType: 'INDIVIDUAL',
      name,
      ...(body.dateOfBirth === undefined ? {} : { dateOfBirth: body.dateOfBirth }),
    };
  }
  const personal = (['firstName', 'middleName', 'lastName', 'dateOfBirth'] as const).find((f) => body[f] !== undefined);
  if (personal !== undefined)
    throw validation(`${personal} is for an INDIVIDUAL screening; a BUSINESS has businessName`);
  if (body.businessName === undefined) throw validation('businessName is required to screen a BUSINESS');
  return { entityType: 'BUSINESS', name: body.businessName };
}

/** What screening a subject reads of the server. */
export type ScreeningCreating = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring' | 'capabilities' | 'screening'>;

/**
 * Screens the subject as sent (the provider is called before any transaction, and matches the names and the date of
 * birth in the clear), then stores the screening, tied to the account of `userEmail` when one is named (its holder
 * account, created on first use as for other customer writes), and hands the answer to `commit` in the same
 * transaction, so that the key and the screening exist together.
 */
export async function createScreening(
  ctx: ScreeningCreating,
  workspace: WorkspaceContext,
  body: Request,
  subject: ScreeningSubject,
  commit: (tx: Queryable, answer: unknown) => Promise<void>,
) {
  if (!ctx.capabilities.screening) throw notOffered('Sanctions screening');
  const result = await ctx.screening.screen(subject);
  const nowMs = ctx.clock.nowMs();
  const { entityType, userEmail, ...fields } = body;
  return ctx.db.transaction(async (tx) => {
    const account = userEmail === undefined ? undefined : await ensureHolderAccount(tx, workspace.id, userEmail, nowMs);
    const row: ScreeningRow = {
      id: randomUUID(),
      workspace_id: workspace.id,
      account_id: account?.id ?? null,
      user_email: userEmail?.trim().toLowerCase() ?? null,
      entity_type: entityType,
      // The date of birth is sealed where it sits (platform/secrets/sensitive.ts): the row, and the answer stored
      // with the key, carry it sealed; every JSON answer opens it (open-at-edge.ts), the console's queue to show it.
      subject: sealSensitive(ctx.secretsKeyring, fields),
      status: verdictOf(result.matches, subject.dateOfBirth),
      matches: [...result.matches],
      lists: [...result.lists],
      resolution_note: null,
      resolved_at_ms: null,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    };
    await insertScreening(tx, row);
    const answer = { ok: true as const, value: screeningView(row) };
    await commit(tx, answer);
    return answer;
  });
}

/** A screening of the caller's workspace: 404 when none exists, 401 when it belongs to another workspace. */
export async function ownedScreening(db: Queryable, workspace: WorkspaceContext, id: string): Promise<ScreeningRow> {
  const row = await findScreening(db, id);
  if (!row) throw existence(`AML screening ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`AML screening ${id} is outside this workspace`);
  return row;
}

/** An operator's decision on a POTENTIAL_MATCH: 404 for an unknown screening, 409 for one already settled. */
export async function resolveAmlScreening(
  db: Db,
  clock: Clock,
  id: string,
  decision: { status: AmlResolution; note?: string | undefined },
): Promise<ScreeningRow> {
  return db.transaction(async (tx) => {
    const row = await findScreening(tx, id, true);
    if (!row) throw existence(`AML screening ${id} does not exist`);
    const move = resolveScreening(row.status, decision.status);
    if (!move.ok) throw stateError(`Cannot resolve AML screening ${id}: ${move.reason}`);
    const resolved = await resolveScreeningRow(tx, id, move.status, decision.note, clock.nowMs());
    auditChange(tx, {
      workspaceId: row.workspace_id,
      target: { type: 'aml-screening', id },
      before: operatorScreeningView(row),
      after: operatorScreeningView(resolved),
    });
    return resolved;
  });
}
