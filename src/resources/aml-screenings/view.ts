import type { Static } from 'typebox';
import { secondsOf } from '../../platform/clock.js';
import type { ScreeningRow } from './repo.js';
import type { AmlScreening, OperatorAmlScreening } from './schema.js';

/**
 * A screening as partners read it; the subject's fields appear as they were sent. The row's date of birth is sealed
 * and stays so here: the JSON answer opens it on its way out (platform/secrets/open-at-edge.ts).
 */
export function screeningView(row: ScreeningRow): Static<typeof AmlScreening> {
  return {
    screeningId: row.id,
    entityType: row.entity_type,
    status: row.status,
    ...row.subject,
    ...(row.user_email === null ? {} : { userEmail: row.user_email }),
    matches: row.matches.map((m) => ({
      list: m.list,
      entryId: m.entryId,
      listedName: m.listedName,
      matchedName: m.matchedName,
      programs: [...m.programs],
      score: m.score,
      datesOfBirth: [...m.datesOfBirth],
    })),
    lists: row.lists.map((l) => ({
      list: l.list,
      ...(l.listDate === null ? {} : { listDate: l.listDate }),
      ...(l.importedAtMs === null ? {} : { importedAt: secondsOf(l.importedAtMs) }),
    })),
    ...(row.resolution_note === null ? {} : { resolutionNote: row.resolution_note }),
    ...(row.resolved_at_ms === null ? {} : { resolvedAt: secondsOf(Number(row.resolved_at_ms)) }),
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}

export const operatorScreeningView = (row: ScreeningRow): Static<typeof OperatorAmlScreening> => ({
  ...screeningView(row),
  workspaceId: row.workspace_id,
});
