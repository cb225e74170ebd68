import { type Actors, label, nth, type Operation, ok } from './actors.js';
import type { Answer } from './client.js';
import { EndpointHistory, legacyId, partnerOf, type Signing } from './partner-model.js';
import { type ReceiverKind, receiverKinds, receiverUrl } from './receivers.js';
import type { Step } from './steps.js';

// The partner's operations on its webhook endpoints beyond creating and deleting them: updates that rotate the
// secret, move the URL between receivers, deactivate and reactivate; re-sends (of an order's or deposit's latest
// event, and of any event through the events API); the legacy single URL; test events. Each change is recorded in
// the partner state with the post count it holds from, so that every later post is verified against the endpoint
// as it was (webhook-checks.ts).

/** Rotated secrets: plain ones, and a Standard Webhooks `whsec_` one, whose key is its decoded bytes. */
const secrets = [
  'sim-rotated-secret-aaaaaaaaaaaa',
  'sim-rotated-secret-bbbbbbbbbbbb',
  `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
];
const updates = ['rotate', 'rotate and move', 'move', 'deactivate', 'reactivate', 'rename'] as const;

/** How the answer of a change that is not keyed tells its outcome. */
const outcomeOf = (answer: Answer) => (ok(answer) ? 'applied' : answer.lost || answer.status >= 500 ? 'maybe' : 'not');

const kindOf = (url: string) => new URL(url).pathname.split('/')[1] as ReceiverKind;

/** Whether the re-send's answer reached every live endpoint of the workspace (none filters event types here). */
async function reachedEvery(a: Actors, what: string, deliveries: unknown): Promise<void> {
  const [live] = await a.world.db.query<{ n: bigint }>(
    'select count(*) as n from webhook_endpoints where workspace_id = $1 and is_active and deleted_at_ms is null',
    [a.client.workspaceId],
  );
  if (BigInt(Number(deliveries)) !== (live?.n ?? 0n)) {
    a.model.problems.push(`a re-send reaches every endpoint: ${what} re-sent to ${deliveries} of ${live?.n}`);
  }
}

export const webhookOperations = {
  async webhookUpdate(a, step) {
    const endpoint = a.model.pick('webhook', step.pick);
    if (endpoint === undefined) return 'no webhook';
    const state = partnerOf(a.model);
    const history = state.endpoint(endpoint);
    const update = nth(updates, step.variant);
    const secret = update.startsWith('rotate') ? nth(secrets, step.variant >>> 3) : undefined;
    const url = update.endsWith('move')
      ? receiverUrl(nth(receiverKinds, step.variant >>> 5), step.pick % 997)
      : undefined;
    const isActive = update === 'deactivate' ? false : update === 'reactivate' ? true : undefined;
    const payload = {
      ...(secret === undefined ? {} : { secret }),
      ...(url === undefined ? {} : { url }),
      ...(isActive === undefined ? {} : { isActive }),
      ...(update === 'rename' ? { name: `renamed ${step.variant % 97}` } : {}),
    };
    if (url !== undefined || isActive !== undefined) state.changed.add(endpoint.id);
    const { ctx } = a.world.instance;
    const sentAt = { post: a.world.receivers.postsMade, ms: a.world.clock.nowMs() };
    const graceMs = ctx.config.webhookSecretGraceHours * 3_600_000;
    const answer = await a.client.once(step, `PUT webhook ${update}`, {
      method: 'PUT',
      url: `/v1/webhooks/${endpoint.id}`,
      payload,
    });
    // As updateEndpointRow applies it: a new secret keeps the one it replaces for the grace (webhook-signature).
    const apply = (s: Signing): Signing => ({
      url: url ?? s.url,
      secret: secret ?? s.secret,
      previous: secret === undefined ? s.previous : s.secret,
      previousUntilMs: secret === undefined ? s.previousUntilMs : sentAt.ms + graceMs,
    });
    history.change(sentAt.post, apply, outcomeOf(answer));
    return label(answer);
  },

  async webhookResend(a, step) {
    const entityType = step.variant % 2 === 0 ? 'order' : 'deposit';
    const entity = a.model.pick(entityType, step.pick);
    if (entity === undefined) return `no ${entityType}`;
    const answer = await a.client.once(step, `resend ${entityType}`, {
      method: 'POST',
      url: '/v1/webhooks/resend',
      payload: { entityType, entityId: entity.id },
    });
    // Spec, webhooks resend: to every endpoint, as a fan-out at this moment would choose.
    if (ok(answer) && step.fault === undefined)
      await reachedEvery(a, `${entityType} ${entity.id}`, answer.body.deliveries);
    return label(answer);
  },

  async legacyWebhook(a, step) {
    const state = partnerOf(a.model);
    if (step.variant % 3 === 0) {
      const answer = await a.client.once(step, 'GET /v1/webhook', { method: 'GET', url: '/v1/webhook' });
      const possible = (state.legacy?.now ?? [{ url: '', secret: undefined }]).map((s) => s.url || null);
      if (ok(answer) && !possible.includes(answer.body.url as string | null)) {
        a.model.problems.push(`the legacy webhook reads ${answer.body.url}, set to one of ${possible.join(', ')}`);
      }
      return `read ${label(answer)}`;
    }
    const url = receiverUrl(nth(receiverKinds, step.variant >>> 2), step.pick % 997);
    if (state.legacy === undefined) state.endpoints.set(legacyId, new EndpointHistory({ url: '', secret: undefined }));
    const sentAt = a.world.receivers.postsMade;
    const answer = await a.client.once(step, 'PUT /v1/webhook', {
      method: 'PUT',
      url: '/v1/webhook',
      payload: { url },
    });
    state.legacy?.change(sentAt, () => ({ url, secret: undefined }), outcomeOf(answer));
    return `set ${label(answer)}`;
  },

  async webhookTest(a, step) {
    const endpoint = a.model.pick('webhook', step.pick);
    if (endpoint === undefined) return 'no webhook';
    const possible = partnerOf(a.model).endpoint(endpoint).now;
    const answer = await a.client.once(step, 'POST webhook test', {
      method: 'POST',
      url: `/v1/webhooks/${endpoint.id}/test`,
    });
    // Sent at once whatever the endpoint's isActive: delivered exactly when its receiver is one that answers 2xx.
    const delivered = answer.body.delivered === true;
    if (ok(answer) && !possible.some((s) => (kindOf(s.url) === 'ok') === delivered)) {
      a.model.problems.push(
        `webhook test events: ${endpoint.id} answered delivered=${delivered}, its URL is one of ` +
          possible.map((s) => s.url).join(', '),
      );
    }
    return label(answer);
  },

  async eventResend(a, step) {
    // An event the events API lists (newest first), sent again to every endpoint or (one in three) to one.
    const listed = await a.client.plain({ method: 'GET', url: '/v1/events?limit=20' });
    const events = Array.isArray(listed.body.value) ? (listed.body.value as { eventId: string }[]) : [];
    if (events.length === 0) return 'no event';
    const event = nth(events, step.pick);
    const endpoint = step.variant % 3 === 0 ? a.model.pick('webhook', step.variant >>> 2) : undefined;
    const answer = await a.client.once(step, 'POST event resend', {
      method: 'POST',
      url: `/v1/events/${event.eventId}/resend`,
      payload: endpoint === undefined ? {} : { webhookId: endpoint.id },
    });
    const value = answer.body.value as { deliveries?: number } | undefined;
    if (ok(answer) && step.fault === undefined && endpoint === undefined) {
      await reachedEvery(a, `event ${event.eventId}`, value?.deliveries);
    }
    return `${endpoint === undefined ? 'every' : 'one'} ${label(answer)}`;
  },
} satisfies Partial<Record<Step['op'], Operation>>;
