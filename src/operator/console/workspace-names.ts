import { esc } from '../../domain/html.js';
import type { Queryable } from '../../storage/db.js';
import { findWorkspace } from '../../workspaces/repo.js';

// A workspace as people recognise it (issue 30, item 2): its name, linking to its page, with its id on a smaller line
// beneath (the id is what the partner quotes and what filters take), instead of a bare UUID. Read through the
// workspaces module's own read, once per distinct workspace of a page (a page shows a few).

/** The HTML of one workspace by id: its name linked to its page, the id beneath; '—' for none. */
export type WorkspaceLabel = (workspaceId: string | null | undefined) => string;

export const workspacePagePath = (workspaceId: string) => `/console/workspaces/${encodeURIComponent(workspaceId)}`;

/** The names of the workspaces of `ids`; a workspace that does not exist is shown by its id. */
export async function workspaceLabels(
  db: Queryable,
  ids: Iterable<string | null | undefined>,
): Promise<WorkspaceLabel> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    if (id === null || id === undefined || id === '') continue;
    const workspace = await findWorkspace(db, id);
    if (workspace) names.set(id, workspace.name);
  }
  return (workspaceId) => {
    if (workspaceId === null || workspaceId === undefined || workspaceId === '') return '—';
    const name = names.get(workspaceId);
    if (name === undefined) return `<code>${esc(workspaceId)}</code>`;
    return `<a href="${esc(workspacePagePath(workspaceId))}">${esc(name)}</a><br><span class="muted id">${esc(workspaceId)}</span>`;
  };
}
