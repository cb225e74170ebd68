import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Queryable } from '../../storage/db.js';
import type { Actor } from '../actor.js';
import { operationIdOf } from '../operation-ids.js';
import '../fastify-types.js';

// Who is changing what, carried from the route to the transaction that makes the change (docs/decisions/operators-console-and-audit.md, "The audit log").
// A mutating operator request runs inside an AuditScope (AsyncLocalStorage, entered by the preHandler hook below);
// the service describes its change on its own transaction (auditChange); the database's before-commit hook
// (record.ts) writes the row from both, in that transaction.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit log's action for a console route; an /admin/v1 route's is its operationId. */
    auditAction?: string;
  }
}

export interface AuditScope {
  readonly actor: Actor;
  /** The operationId of the admin operation, or the console action's name. */
  readonly action: string;
  readonly requestId: string;
  /** Cleared when the request has been answered: nothing that outlives it may write in its name. */
  open: boolean;
}

/** What one transaction changes, as the service that runs it knows it. */
export interface AuditChange {
  /** The workspace the change concerns; null or absent when it concerns none (a payout batch, a sanctions list). */
  readonly workspaceId?: string | null;
  readonly target: { readonly type: string; readonly id: string };
  /** The target before the change (null: it did not exist), in the shape its operator read shows. */
  readonly before?: unknown;
  /** The target after the change (null: it is gone). */
  readonly after?: unknown;
}

const scopes = new AsyncLocalStorage<AuditScope>();
const changes = new WeakMap<Queryable, AuditChange>();
const scopeOfRequest = new WeakMap<FastifyRequest, AuditScope>();

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The scope of the request being served here, if it is an audited one still being answered. */
export function currentAuditScope(): AuditScope | undefined {
  const scope = scopes.getStore();
  return scope?.open ? scope : undefined;
}

/**
 * Describes the change `tx` makes, for the row the transaction writes before its COMMIT. One change per
 * transaction; outside an audited request it is forgotten with the transaction.
 */
export function auditChange(tx: Queryable, change: AuditChange): void {
  if (changes.has(tx)) throw new Error('auditChange: this transaction has described its change already');
  changes.set(tx, change);
}

/** The change `tx` described, taken (the hook reads it once). */
export function takeAuditChange(tx: Queryable): AuditChange | undefined {
  const change = changes.get(tx);
  changes.delete(tx);
  return change;
}

/**
 * preHandler hook of the operator routes (after the authentication that set request.actor): a mutating request is
 * served inside its AuditScope. Callback style, so that the route's handler runs inside `scopes.run`.
 */
export function enterAuditScope(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!mutating.has(request.method)) {
    done();
    return;
  }
  const route = request.routeOptions;
  const scope: AuditScope = {
    actor: request.actor,
    action: route.config.auditAction ?? operationIdOf(route.schema, request.method, route.url ?? request.url),
    requestId: request.id,
    open: true,
  };
  scopeOfRequest.set(request, scope);
  scopes.run(scope, done);
}

/**
 * Runs `fn` as an audited change made by `actor` (what enterAuditScope does for a route): for work an operator starts
 * outside a route's handler, and for tests of the mechanism.
 */
export function runInAuditScope<T>(scope: Omit<AuditScope, 'open'>, fn: () => Promise<T>): Promise<T> {
  const open: AuditScope = { ...scope, open: true };
  return scopes.run(open, async () => {
    try {
      return await fn();
    } finally {
      open.open = false;
    }
  });
}

/** onResponse hook beside enterAuditScope: the answered request's scope closes. */
export async function leaveAuditScope(request: FastifyRequest): Promise<void> {
  const scope = scopeOfRequest.get(request);
  if (scope !== undefined) scope.open = false;
}
