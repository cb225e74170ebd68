// The event types of the spec's Events table, declared once: recordEvent accepts only these names, the dispatcher
// writes their envelope, the OpenAPI document lists them under `webhooks`, and the tests read the list from here.

/** How a type's envelope `id` is chosen (spec: Events 1 and 2). */
export type EnvelopeId =
  /** The affected entity's id (an order, a deposit, a method, a payment, an account's email). */
  | 'entity'
  /** A fresh delivery UUID; receivers deduplicate on `data.eventId`. */
  | 'delivery';

export interface EventTypeEntry {
  /** When it fires, in the spec's words. */
  readonly fires: string;
  readonly envelopeId: EnvelopeId;
  /** Emitted by this server; false for types the spec names that no implemented operation causes yet. */
  readonly emitted: boolean;
  readonly deprecated?: string;
}

export const eventTypes = {
  order_status_updated: {
    fires: 'An order moves to a new status (every change).',
    envelopeId: 'entity',
    emitted: true,
  },
  order_completed: { fires: 'An order reaches a terminal completed state.', envelopeId: 'entity', emitted: true },
  deposit_completed: { fires: 'A deposit was credited in full.', envelopeId: 'entity', emitted: true },
  deposit_partially_completed: {
    fires: 'A deposit was credited for part of the expected amount.',
    envelopeId: 'entity',
    emitted: true,
  },
  deposit_method_created: {
    fires: 'A receiving method was created; may still be provisioning.',
    envelopeId: 'entity',
    emitted: true,
  },
  deposit_method_activated: {
    fires: 'A receiving method became active; instructions are in `data.depositInfo`.',
    envelopeId: 'entity',
    emitted: true,
  },
  balance_updated: { fires: 'An account balance changed.', envelopeId: 'entity', emitted: true },
  openbanking_status_updated: {
    fires: 'An open banking payment session changed status.',
    envelopeId: 'entity',
    emitted: true,
  },
  verification_status_updated: {
    fires: 'A KYC or KYB status changed; `data.verificationType` is KYC or KYB.',
    envelopeId: 'delivery',
    emitted: true,
  },
  pending_payment_created_or_detected: {
    fires: 'An expected inbound payment was created or first detected.',
    envelopeId: 'entity',
    emitted: true,
  },
  pending_payment_updated: { fires: 'A pending payment changed status.', envelopeId: 'entity', emitted: true },
  support_ticket_created: { fires: 'A support ticket was opened.', envelopeId: 'entity', emitted: true },
  support_ticket_updated: { fires: 'A support ticket changed status.', envelopeId: 'entity', emitted: true },
  support_ticket_message_added: {
    fires: 'A message was added to a support ticket.',
    envelopeId: 'entity',
    emitted: true,
  },
  kyc_completed: {
    fires: 'A verification reached a terminal status.',
    envelopeId: 'delivery',
    emitted: true,
    deprecated: 'Use verification_status_updated.',
  },
  trade_completed: { fires: "An order's conversion leg completed.", envelopeId: 'entity', emitted: true },
  withdrawal_completed: { fires: 'A withdrawal was paid out by its rail.', envelopeId: 'entity', emitted: true },
  // Not in the spec's table: added within v1 (Versioning 2, changes are additive) because no listed type announces a
  // withdrawal that fails or is returned. data is the withdrawal, as order_status_updated's is the order.
  withdrawal_status_updated: {
    fires: 'A withdrawal moves to a new status (every change: Success, Failed, Returned).',
    envelopeId: 'entity',
    emitted: true,
  },
  // Not in the spec's table, which names no conversation event: added within v1 (Versioning 2, additive changes).
  conversation_message_added: {
    fires: 'A message was added to a conversation, by the partner or by the brokerage.',
    envelopeId: 'entity',
    emitted: true,
  },
  // Not in the spec's table: added within v1 (Versioning 2) with opt-in retries (issue #12). Fires in the transaction
  // that disables the endpoint; the disabled endpoint itself no longer receives it, the workspace's others do.
  webhook_endpoint_disabled: {
    fires:
      'A webhook endpoint with retryPolicy exponential was disabled: every attempt of an event failed for WEBHOOK_DISABLE_AFTER_HOURS.',
    envelopeId: 'entity',
    emitted: true,
  },
  // Not in the spec's table: sent only by POST /v1/webhooks/{webhookId}/test, to that endpoint, never fanned out.
  // It is about no entity: its id is a fresh UUID, repeated as data.eventId.
  webhook_test: {
    fires: 'Sent on request to one endpoint by POST /v1/webhooks/{webhookId}/test, to check its receiver.',
    envelopeId: 'delivery',
    emitted: true,
  },
} as const satisfies Record<string, EventTypeEntry>;

export type EventType = keyof typeof eventTypes;

export const eventTypeNames = Object.keys(eventTypes) as EventType[];

/** The spec's webhook payload version (Versioning 3). */
export const eventApiVersion = '1.0';
