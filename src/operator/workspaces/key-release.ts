import { existence, stateError } from '../../domain/errors.js';
import { auditChange } from '../../platform/audit/scope.js';
import { keyExists, releaseKey } from '../../platform/idempotency.js';
import type { Db } from '../../storage/db.js';

export interface KeyRelease {
  readonly workspaceId: string;
  readonly key: string;
  /** '' (default): the workspace's own account. */
  readonly accountScope?: string | undefined;
}

/**
 * Releases an idempotency key left consumed by a failed or interrupted write, so the partner may send it again;
 * a key that completed replays its answer and is never released (409), an unknown one is 404. Called by
 * `POST /admin/v1/idempotency-keys/release` and by the console's form.
 */
export async function releaseIdempotencyKey(db: Db, release: KeyRelease) {
  const { workspaceId, key, accountScope } = release;
  const scope = accountScope ?? '';
  const released = await db.transaction(async (tx) => {
    const state = await releaseKey(tx, workspaceId, key, scope);
    if (state === undefined) return undefined;
    const target = { type: 'idempotency-key', id: key };
    auditChange(tx, { workspaceId, target, before: { state, accountScope: scope }, after: null });
    return state;
  });
  if (released) return { released: true as const, previousState: released };
  if (await keyExists(db, workspaceId, key))
    throw stateError('The key completed successfully: it replays its answer and is not released');
  throw existence(`No idempotency key ${key} in workspace ${workspaceId}`);
}
