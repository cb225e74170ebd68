import { supportTicketCategories } from '../src/catalogue/support-ticket-categories.js';
import { type Actors, label, nth, type Operation, ok } from './actors.js';
import type { Answer } from './client.js';
import { customers } from './fixtures.js';
import { keyedWrite } from './partner-keyed.js';
import { EndpointHistory, legacyId, partnerOf, type Signing, type Thread } from './partner-model.js';
import { type ReceiverKind, receiverKinds, receiverUrl } from './receivers.js';
import type { Step } from './steps.js';

// The partner's operations on its webhook endpoints beyond creating and deleting them (updates that rotate the
// secret, move the URL between receivers, deactivate and reactivate; re-sends; the legacy single URL; test events)
// and on its threads with the brokerage (conversations and support tickets: keyed writes, one resource per
// Idempotency-Key), with the brokerage's side of them through the operator API.

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

function threadAnswered(a: Actors, kind: Thread['kind'], id: string | undefined, endUserEmail?: string): void {
  const state = partnerOf(a.model);
  if (id === undefined || state.threads.some((t) => t.id === id)) return;
  state.threads.push({
    kind,
    id,
    ...(endUserEmail === undefined ? {} : { endUserEmail }),
    messages: new Set(),
    closeSent: false,
    closed: false,
  });
}

const valueId = (answer: Answer, field: string): string | undefined => {
  const value = answer.body.value as Record<string, unknown> | undefined;
  return ok(answer) && typeof value?.[field] === 'string' ? (value[field] as string) : undefined;
};

/** A message answered 201 on a thread whose close was acknowledged before it was sent: a closed thread took it. */
function messageAnswered(a: Actors, thread: Thread, closedBefore: boolean, answer: Answer): void {
  const id = valueId(answer, 'messageId');
  if (id === undefined) return;
  if (closedBefore) a.model.problems.push(`closed threads take no message: ${thread.kind} ${thread.id} took ${id}`);
  thread.messages.add(id);
}

export const partnerOperations = {
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
    if (ok(answer) && step.fault === undefined) {
      // Spec, webhooks resend: to every endpoint, as a fan-out at this moment would choose (none filters events here).
      const [live] = await a.world.db.query<{ n: bigint }>(
        `select count(*) as n from webhook_endpoints where workspace_id = $1 and is_active and deleted_at_ms is null`,
        [a.client.workspaceId],
      );
      if (BigInt(Number(answer.body.deliveries)) !== (live?.n ?? 0n)) {
        a.model.problems.push(
          `a re-send reaches every endpoint: ${entityType} ${entity.id} re-sent to ${answer.body.deliveries} of ${live?.n}`,
        );
      }
    }
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

  async conversation(a, step, index) {
    const endUserEmail = nth(customers, step.variant);
    const answer = await keyedWrite(a, step, index, {
      write: 'conversation',
      idField: 'conversationId',
      request: {
        method: 'POST',
        url: '/v1/conversations',
        payload: { endUserEmail, subject: `sim subject ${step.variant % 97}`, message: `opening ${index}` },
      },
    });
    threadAnswered(a, 'conversation', valueId(answer, 'conversationId'), endUserEmail);
    return label(answer);
  },

  async conversationMessage(a, step, index) {
    const thread = partnerOf(a.model).thread('conversation', step.pick);
    if (thread === undefined) return 'no conversation';
    const closedBefore = thread.closed;
    const answer = await keyedWrite(a, step, index, {
      write: 'message',
      threadId: thread.id,
      idField: 'messageId',
      request: {
        method: 'POST',
        url: `/v1/conversations/${thread.id}/messages`,
        payload: { endUserEmail: thread.endUserEmail, message: `message ${index}` },
      },
    });
    messageAnswered(a, thread, closedBefore, answer);
    return label(answer);
  },

  async conversationClose(a, step, index) {
    const thread = partnerOf(a.model).thread('conversation', step.pick);
    if (thread === undefined) return 'no conversation';
    thread.closeSent = true;
    const answer = await keyedWrite(a, step, index, {
      write: 'close',
      threadId: thread.id,
      idField: 'conversationId',
      request: {
        method: 'POST',
        url: `/v1/conversations/${thread.id}/close`,
        payload: { endUserEmail: thread.endUserEmail },
      },
    });
    if (ok(answer)) thread.closed = true;
    return label(answer);
  },

  async brokerageReply(a, step) {
    // The brokerage's side through the operator API: a reply, or (one in three) closing the conversation.
    const thread = partnerOf(a.model).thread('conversation', step.pick);
    if (thread === undefined) return 'no conversation';
    if (step.variant % 3 === 0) {
      thread.closeSent = true;
      const url = `/admin/v1/conversations/${thread.id}/close`;
      const answer = await a.client.once(step, 'operator closes conversation', { method: 'POST', url }, true);
      if (ok(answer)) thread.closed = true;
      return `close ${label(answer)}`;
    }
    const answer = await a.client.once(
      step,
      'operator replies',
      { method: 'POST', url: `/admin/v1/conversations/${thread.id}/messages`, payload: { message: 'from support' } },
      true,
    );
    return `reply ${label(answer)}`;
  },

  async ticket(a, step, index) {
    const about = step.variant % 4 === 0 ? a.model.pick('order', step.pick) : undefined;
    const answer = await keyedWrite(a, step, index, {
      write: 'ticket',
      idField: 'ticketId',
      request: {
        method: 'POST',
        url: '/v1/support-tickets',
        payload: {
          subject: `sim ticket ${step.variant % 97}`,
          description: `about step ${index}`,
          category: nth(supportTicketCategories, step.variant >>> 2),
          ...(about === undefined ? {} : { entityType: 'order', entityId: about.id }),
        },
      },
    });
    threadAnswered(a, 'ticket', valueId(answer, 'ticketId'));
    return label(answer);
  },

  async ticketMessage(a, step, index) {
    const thread = partnerOf(a.model).thread('ticket', step.pick);
    if (thread === undefined) return 'no ticket';
    const closedBefore = thread.closed;
    const answer = await keyedWrite(a, step, index, {
      write: 'message',
      threadId: thread.id,
      idField: 'messageId',
      request: { method: 'POST', url: `/v1/support-tickets/${thread.id}/messages`, payload: { message: `m ${index}` } },
    });
    messageAnswered(a, thread, closedBefore, answer);
    return label(answer);
  },

  async ticketClose(a, step, index) {
    const thread = partnerOf(a.model).thread('ticket', step.pick);
    if (thread === undefined) return 'no ticket';
    thread.closeSent = true;
    const answer = await keyedWrite(a, step, index, {
      write: 'close',
      threadId: thread.id,
      idField: 'ticketId',
      request: { method: 'POST', url: `/v1/support-tickets/${thread.id}/close` },
    });
    if (ok(answer)) thread.closed = true;
    return label(answer);
  },

  async supportStatus(a, step) {
    // Support sets a status through the operator API (the partner's next message hands a waiting ticket back).
    const thread = partnerOf(a.model).thread('ticket', step.pick);
    if (thread === undefined) return 'no ticket';
    const status = nth(['IN_PROGRESS', 'WAITING_ON_PARTNER', 'RESOLVED', 'CLOSED'], step.variant);
    if (status === 'CLOSED') thread.closeSent = true;
    const answer = await a.client.once(
      step,
      `support sets ${status}`,
      { method: 'POST', url: `/admin/v1/support-tickets/${thread.id}/status`, payload: { status } },
      true,
    );
    if (ok(answer) && status === 'CLOSED') thread.closed = true;
    return `${status} ${label(answer)}`;
  },
} satisfies Partial<Record<Step['op'], Operation>>;
