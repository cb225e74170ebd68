import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';
import { previousPasswordUntilMs } from './credentials.js';
import { findWorkspace, type WorkspaceRow } from './repo.js';
import type { WorkspaceContext } from './workspace.js';

export function workspaceContextOf(row: WorkspaceRow): WorkspaceContext {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    simulation: row.simulation,
    credentialVersion: row.credential_version,
    previousCredentialUntilMs: previousPasswordUntilMs(row),
    enabledPairs: row.enabled_pairs === null ? null : new Set(row.enabled_pairs),
    feeSchedule: row.fee_schedule,
    writeLimitPerMinute: row.write_limit_per_minute,
    readThrottleLifted: row.read_throttle_lifted,
    verificationProfile: row.verification_profile,
  };
}

interface Entry {
  context: WorkspaceContext | undefined;
  fetchedAtMs: number;
}

/**
 * A per-process copy of each workspace, re-read from the database at most every workspaceCacheTtlMs. Verifying a
 * bearer token then costs no round trip, and a credential rotation or settings change made through any process
 * reaches every process within that window.
 */
export class WorkspaceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<WorkspaceContext | undefined>>();

  constructor(
    private readonly db: Queryable,
    private readonly nowMs: () => number,
    private readonly ttlMs: number = limits.workspaceCacheTtlMs,
  ) {}

  async get(id: string): Promise<WorkspaceContext | undefined> {
    const entry = this.entries.get(id);
    if (entry && this.nowMs() - entry.fetchedAtMs < this.ttlMs) return entry.context;
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const load = findWorkspace(this.db, id)
      .then((row) => {
        const context = row ? workspaceContextOf(row) : undefined;
        this.entries.set(id, { context, fetchedAtMs: this.nowMs() });
        return context;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, load);
    return load;
  }

  /** Drops this process's copy at once (the process that made a change need not wait for the window). */
  forget(id: string): void {
    this.entries.delete(id);
  }
}
