import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formField } from '../../platform/browser/forms.js';
import { releaseKey } from './queues-actions.js';
import { attempt, guarded, messages, queryText, queuesPath, sendQueuePage } from './queues-common.js';

// Idempotency key release (GET /console/queues/idempotency-keys): a form taking what the operator API takes (the
// workspace, the key, and the account scope, '' for the workspace's own account). A key left consumed by a failed
// or interrupted write is released so that the partner may send it again; one that completed replays its answer
// and is refused with the service's message (operator/workspaces/key-release.ts).

const path = `${queuesPath}/idempotency-keys`;
const releaseAction = 'admin.idempotencyKeys.release';

interface Draft {
  readonly workspaceId: string;
  readonly key: string;
  readonly accountScope: string;
}

export async function idempotencyQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  function show(
    request: FastifyRequest,
    reply: FastifyReply,
    draft: Draft,
    notes: { done?: string; error?: string },
    status = 200,
  ) {
    const me = request.operator;
    const form = mayAct(me.role, releaseAction)
      ? `<form method="post" action="${path}">${hiddenToken(me.csrfToken)}
<label>Workspace id <input type="text" name="workspaceId" required maxlength="64" value="${esc(draft.workspaceId)}"></label>
<label>Idempotency key <input type="text" name="key" required maxlength="128" value="${esc(draft.key)}"></label>
<label>Account scope <span class="hint">Empty for the workspace's own account; a customer's email for a write made on their behalf</span><input type="text" name="accountScope" maxlength="100" value="${esc(draft.accountScope)}"></label>
<div class="actions"><button type="submit">Release the key</button></div>
</form>`
      : '<p class="muted">Your role may not release keys.</p>';
    return sendQueuePage(
      request,
      reply,
      {
        title: 'Idempotency keys',
        body: `${messages(notes.done, notes.error)}
<p>Release a key left consumed by a failed or interrupted write, after checking the write's outcome, so that the partner may send the same key again. A key whose write completed keeps replaying its answer and is not released.</p>
${form}`,
      },
      status,
    );
  }

  app.get(path, guarded('console.view'), async (request, reply) => {
    const previous = queryText(request.query, 'released', 40);
    const done = /^[A-Za-z_-]{1,40}$/.test(previous) ? `The key was released (it was ${previous}).` : undefined;
    return show(request, reply, { workspaceId: '', key: '', accountScope: '' }, done ? { done } : {});
  });

  app.post(path, guarded(releaseAction), async (request, reply) => {
    const draft = {
      workspaceId: formField(request, 'workspaceId').trim(),
      key: formField(request, 'key'),
      accountScope: formField(request, 'accountScope').trim(),
    };
    if (
      draft.workspaceId === '' ||
      draft.key === '' ||
      draft.workspaceId.length > 64 ||
      draft.key.length > 128 ||
      draft.accountScope.length > 100
    ) {
      return show(
        request,
        reply,
        draft,
        { error: 'Enter the workspace id and the key (at most 64 and 128 characters).' },
        400,
      );
    }
    const outcome = await attempt(() => releaseKey(ctx, draft));
    if (!outcome.ok) return show(request, reply, draft, { error: outcome.message }, outcome.status);
    return reply.redirect(`${path}?released=${encodeURIComponent(outcome.value.previousState)}`, 303);
  });
}
