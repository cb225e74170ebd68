import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { hasDelivery } from '../../events/deliveries.js';
import { findEvent } from '../../resources/events/repo.js';
import { resendEvent } from '../../resources/events/service.js';
import { workspaceContextOf } from '../../workspaces/cache.js';
import { findWorkspace } from '../../workspaces/repo.js';

/**
 * An operator's resend of an event (permission `webhooks.resend`): the partner's own use case, POST
 * /v1/events/{eventId}/resend (events/service.ts resendEvent), for the event's workspace, to every active endpoint
 * whose filters take it. There is no operator API route for it; this is the one the console calls. Answers how many
 * deliveries were queued.
 *
 * Only an event that at least one endpoint took (it has a delivery) is re-sent from the console (issue 30, item 5):
 * one no endpoint took has nothing to send again, and the page says why instead of offering the button. The POST
 * holds the same rule, so that a stale page or a hand-made form changes nothing (409).
 */
export async function resendForOperator(ctx: AppContext, eventUid: string): Promise<number> {
  // Any age here: the use case applies the retention horizon itself, as the partner sees it.
  const event = await findEvent(ctx.db, eventUid, 0);
  const workspace = event && (await findWorkspace(ctx.db, event.workspace_id));
  if (!event || !workspace) throw existence(`Event ${eventUid} does not exist`);
  if (!(await hasDelivery(ctx.db, event.id))) {
    throw stateError(`Event ${eventUid} was delivered to no endpoint: there is nothing to resend`);
  }
  const sent = await resendEvent(ctx, workspaceContextOf(workspace), eventUid, undefined);
  return sent.value.deliveries;
}
