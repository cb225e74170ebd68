import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { insertHeldTestDelivery } from '../../events/deliveries.js';
import { limits } from '../../limits.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import type { TestDelivery } from './schema.js';
import { ownedEndpoint } from './service.js';

/** What sending a test event to an endpoint reads of the server. */
export type TestEventSending = Pick<AppContext, 'db' | 'clock' | 'webhooks'>;

/**
 * POST /v1/webhooks/{webhookId}/test: a webhook_test event, signed like any delivery, sent to this one endpoint
 * during the request and answered with the attempt's outcome; it is in the delivery log like any attempt. It is
 * sent whether the endpoint is active or not (a partner checks a disabled receiver before enabling it again) and
 * never retried.
 */
export async function sendTestEvent(
  ctx: TestEventSending,
  workspace: WorkspaceContext,
  id: string,
): Promise<Static<typeof TestDelivery>> {
  const endpoint = await ownedEndpoint(ctx.db, workspace, id);
  const nowMs = ctx.clock.nowMs();
  const eventId = randomUUID();
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const held = await insertHeldTestDelivery(tx, {
      workspaceId: workspace.id,
      endpointId: endpoint.id,
      eventId,
      data: {
        eventId,
        webhookId: endpoint.id,
        occurredAt: nowMs,
        message: 'A test event sent on request: nothing happened to any entity',
      },
      nowMs,
      heldUntilMs: nowMs + limits.webhookLeaseMs,
    });
    // Recorded when a partner user or an operator sends it (a no-op for the partner API); its outcome is in the log.
    auditChange(tx, {
      workspaceId: workspace.id,
      target: { type: 'webhook_endpoint', id: endpoint.id },
      before: null,
      after: { testEventId: eventId, deliveryId: Number(held) },
    });
    return held;
  });
  const outcome = await ctx.webhooks.sendHeld(deliveryId);
  return {
    delivered: outcome.delivered,
    deliveryId: Number(deliveryId),
    eventId,
    ...(outcome.statusCode === undefined ? {} : { statusCode: outcome.statusCode }),
    latencyMs: outcome.latencyMs,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  };
}
