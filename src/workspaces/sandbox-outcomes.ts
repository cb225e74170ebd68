import type { Config } from '../config.js';
import type { Queryable } from '../storage/db.js';

// Who decides a workspace's stage sandbox outcomes (docs/decisions/sandbox-and-simulator.md, "Sandbox outcomes that wait for the helpers"): 'automatic', the sandbox settles
// each payout (as its amount asks) and activates each deposit method after its settle delay; 'manual', each waits for
// a helper by id (/v1/simulate/...), as a real rail's payout waits for its report. Production has no such setting.

export const sandboxOutcomeModes = ['automatic', 'manual'] as const;
export type SandboxOutcomes = (typeof sandboxOutcomeModes)[number];

/**
 * The workspace's setting, read from its row (never from the per-process cache, so a switch made through one process
 * holds at once in every other, and a job reads it when it runs). Production: 'automatic', without a read.
 */
export async function sandboxOutcomes(
  config: Pick<Config, 'brokerageEnv'>,
  db: Queryable,
  workspaceId: string,
): Promise<SandboxOutcomes> {
  if (config.brokerageEnv === 'production') return 'automatic';
  const rows = await db.query<{ sandbox_outcomes: SandboxOutcomes }>(
    'select sandbox_outcomes from workspaces where id = $1',
    [workspaceId],
  );
  return rows[0]?.sandbox_outcomes ?? 'automatic';
}

/** Whether a scheduled sandbox outcome of the workspace must leave the state for a helper: it is 'manual'. */
export const outcomesByHand = async (config: Pick<Config, 'brokerageEnv'>, db: Queryable, workspaceId: string) =>
  (await sandboxOutcomes(config, db, workspaceId)) === 'manual';

/** Stores the setting (stage only: its route is not registered in production). */
export async function setSandboxOutcomes(
  db: Queryable,
  workspaceId: string,
  outcomes: SandboxOutcomes,
  nowMs: number,
): Promise<void> {
  await db.query('update workspaces set sandbox_outcomes = $2, updated_at_ms = $3 where id = $1', [
    workspaceId,
    outcomes,
    nowMs,
  ]);
}
