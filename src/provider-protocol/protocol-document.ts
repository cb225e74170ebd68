import type { TSchema } from 'typebox';
import { limits } from '../limits.js';
import { shareComponents } from '../platform/components.js';
import { errorResponses } from '../platform/schema.js';
import {
  DepositInstructionsRequest,
  PayoutAccepted,
  PayoutRefused,
  PayoutSubmission,
  ProviderDepositInfo,
} from '../providers/provider-service/protocol-schema.js';
import { CallbackAnswer, InboundCreditCallback, PayoutOutcomeCallback } from './schema.js';

// openapi/provider-protocol.json, from the very schemas the client and the callback routes use: the endpoints the
// brokerage's provider service implements (paths), and the callbacks it makes to the brokerage (webhooks, OpenAPI
// 3.1). test/production/provider-protocol-openapi.test.ts keeps the committed file equal to this.

const json = (schema: TSchema | object, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const signedHeaders = [
  {
    name: 'Provider-Timestamp',
    in: 'header',
    required: true,
    description: `Unix time in seconds when the message was signed; refused beyond ${limits.providerSignatureToleranceSeconds} s either way`,
    schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
  },
  {
    name: 'Provider-Signature',
    in: 'header',
    required: true,
    description:
      '`v1=` and the lowercase hex HMAC-SHA256, keyed with the shared secret, of `<Provider-Timestamp>.<body>` over ' +
      "the body's exact bytes; several comma-separated values are accepted (secret rotation)",
    schema: { type: 'string', pattern: '^v1=[0-9a-f]{64}(,\\s*v1=[0-9a-f]{64})*$' },
  },
];

const idempotencyKey = (of: string) => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description: `The ${of}: a retried call carries the same key and body, and must get the same answer, never a second effect`,
  schema: { type: 'string', minLength: 1, maxLength: 64 },
});

const retried = {
  description:
    'Retried by the server with the same Idempotency-Key, with backoff and jitter, up to providerService.maxAttempts ' +
    '(as are timeouts and network errors); then the partner’s request is answered 503 ExternalServiceError',
};

const errorBodies = (statuses: readonly number[]) =>
  Object.fromEntries(
    Object.entries(errorResponses('create', statuses)).map(([status, schema]) => [
      status,
      json(schema, callbackErrors[Number(status)] ?? 'Refused'),
    ]),
  );

const callbackErrors: Record<number, string> = {
  400: 'ValidationError: the body breaks the schema, the currency is not the deposit’s, or the amount has more decimals than the currency. Nothing changed; do not resend as is.',
  401: 'AuthorizationError: missing or wrong signature, or a stale timestamp. Nothing changed; sign anew and resend.',
  404: 'ExistenceError: no such deposit or payout (yet). Nothing changed; a payout’s outcome sent at once after POST /payouts may arrive before the payout is recorded: resend with backoff.',
  409: 'DuplicityError: this callbackId was used for a different body; or StateError: the deposit or payout is not the provider service’s. Nothing changed.',
  503: 'ExternalServiceError: no provider service is connected on this server; or OperationError: the server is unavailable. Nothing changed; resend with backoff.',
};

export function providerProtocolDocument(): object {
  return shareComponents({
    openapi: '3.1.0',
    info: {
      title: 'Brokerage provider protocol',
      version: '1.0.0',
      description:
        'One signed HTTP contract between the brokerage server and the brokerage’s provider service, which connects ' +
        'the rails the server does not reach by bank file or wallet (PIX, SPEI, mobile money, cards, crypto custody). ' +
        'The paths are what the provider service implements, called by the server; the webhooks are the callbacks it ' +
        'makes to the server at `<brokerage>/provider/v1/...`. Both directions are signed the same way with the ' +
        'shared secret (providerService.secret of the providers file). See docs/operating.md.',
    },
    servers: [{ url: 'https://provider.example', description: 'The provider service: providerService.url' }],
    components: {
      securitySchemes: {
        providerSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Provider-Signature',
          description: 'HMAC-SHA256 over `<Provider-Timestamp>.<body>` with the shared secret',
        },
      },
    },
    security: [{ providerSignature: [] }],
    paths: {
      '/deposit-instructions': {
        post: {
          operationId: 'createDepositInstructions',
          summary: 'Give the payment instructions of one deposit (or an order’s payment)',
          description:
            'Called while the partner’s request waits: answer within providerService.timeoutMs. The answer is shown to ' +
            'the partner as `depositInfo`, after it is checked: the depositType must be the rail’s, a crypto network ' +
            'the rail’s, an amount the deposit’s; anything else fails the partner’s request with 503 and nothing stored. ' +
            'The same depositId must always get the same instructions.',
          parameters: [...signedHeaders, idempotencyKey('depositId')],
          requestBody: { required: true, ...json(DepositInstructionsRequest, 'The deposit') },
          responses: {
            200: json(ProviderDepositInfo, 'The instructions, in the depositInfo shape of the rail'),
            '4XX': { description: 'Not served: the partner’s request is answered 503 and nothing is stored' },
            '5XX': retried,
          },
        },
      },
      '/payouts': {
        post: {
          operationId: 'submitPayout',
          summary: 'Take a payout for processing; its outcome follows by callback',
          description:
            'Called by a background job, retried until the service answers: the same payoutId must never pay twice. ' +
            'Until the outcome callback arrives, the withdrawal or order stays in process.',
          parameters: [...signedHeaders, idempotencyKey('payoutId')],
          requestBody: { required: true, ...json(PayoutSubmission, 'The payout') },
          responses: {
            202: json(PayoutAccepted, 'Accepted: send POST /provider/v1/payout-outcomes when it settles or fails'),
            422: json(PayoutRefused, 'Refused before any money moved: the payout fails at once'),
            '4XX': { description: 'Anything else: the job tries again later, with the same key' },
            '5XX': retried,
          },
        },
      },
    },
    webhooks: {
      inboundCredit: {
        post: {
          operationId: 'inboundCredit',
          summary: 'POST <brokerage>/provider/v1/inbound-credits: money arrived for a deposit',
          description:
            'Names the deposit by the depositId of its instructions, or, for a crypto transfer to an address of the ' +
            'brokerage’s own wallet, by network and address. Credited once per callbackId, through the deposit’s own ' +
            'rules (partial, over- and under-payment, an order’s progress).',
          parameters: signedHeaders,
          requestBody: { required: true, ...json(InboundCreditCallback, 'The credit') },
          responses: {
            200: json(CallbackAnswer, 'Applied, or (replayed) applied before'),
            ...errorBodies([400, 401, 404, 409]),
          },
        },
      },
      payoutOutcome: {
        post: {
          operationId: 'payoutOutcome',
          summary: 'POST <brokerage>/provider/v1/payout-outcomes: what became of a payout',
          description: 'Applied once per callbackId; an outcome the payout already has changes nothing.',
          parameters: signedHeaders,
          requestBody: { required: true, ...json(PayoutOutcomeCallback, 'The outcome') },
          responses: {
            200: json(CallbackAnswer, 'Applied, or (replayed) applied before'),
            ...errorBodies([400, 401, 404, 409]),
          },
        },
      },
    },
  });
}
