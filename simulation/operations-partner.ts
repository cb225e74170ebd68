import { supportTicketCategories } from '../src/catalogue/support-ticket-categories.js';
import { type Actors, label, nth, type Operation, ok } from './actors.js';
import type { Answer } from './client.js';
import { customers } from './fixtures.js';
import { keyedWrite } from './partner-keyed.js';
import { partnerOf, type Thread } from './partner-model.js';
import type { Step } from './steps.js';

// The partner's threads with the brokerage: conversations and support tickets, keyed writes (one resource per
// Idempotency-Key), with the brokerage's side of them (a reply, a close, a ticket's status) through the operator
// API. The partner's webhook operations are in operations-webhooks.ts.

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
