import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Endpoint e3de5c7f as webhooks.create made it: .list and .get show it, .update answers another built on it. */
const exampleEndpoint = {
  id: 'e3de5c7f-e684-4187-ad47-63521b69bee0',
  name: 'hook /a',
  url: 'http://127.0.0.1:46503/a',
  isActive: true,
  retryPolicy: 'none',
  enabledEvents: null,
  createdAt: 1748856631737,
  updatedAt: 1748856631737,
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const webhooksExamples: ExampleCatalogue = {
  'webhooks.create': {
    request: {
      value: {
        name: exampleEndpoint.name,
        url: exampleEndpoint.url,
        secret: 'a-secret-1',
      },
    },
    responses: {
      '200': {
        value: exampleEndpoint,
      },
    },
    errors: {
      '400': [
        { summary: 'A secret shorter than the spec allows', message: 'secret must NOT have fewer than 8 characters' },
        {
          summary: 'A whsec_ secret weaker than Standard Webhooks allows',
          message:
            'secret holds 3 bytes: a secret that starts with whsec_ is a Standard Webhooks secret: whsec_ followed by ' +
            'the base64 of 24 to 64 random bytes',
        },
      ],
    },
  },
  'webhooks.list': {
    responses: {
      '200': {
        value: [exampleEndpoint],
      },
    },
  },
  'webhooks.resend': {
    request: {
      value: {
        entityType: 'deposit',
        entityId: 'PREWR2O4MWD40HX',
      },
    },
    responses: {
      '200': {
        value: {
          success: true,
          message: 'The latest event of deposit PREWR2O4MWD40HX is re-sent',
          eventType: 'deposit_completed',
          deliveries: 1,
        },
      },
    },
    errors: {
      '404': {
        message: 'The order PRE000000000000 does not exist',
      },
      '409': {
        message: "The deposit PRENHC8UFGFME5Z is Pending: only a completed deposit's event is re-sent",
      },
    },
  },
  'webhooks.get': {
    parameters: {
      webhookId: exampleEndpoint.id,
    },
    responses: {
      '200': {
        value: exampleEndpoint,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Webhook endpoint d4f1d9fd-f961-40a1-8702-c7d0232bc100 does not exist',
      },
    },
  },
  'webhooks.update': {
    request: {
      value: {
        name: 'renamed',
        secret: 'second-secret',
      },
    },
    parameters: {
      webhookId: 'd4f1d9fd-f961-40a1-8702-c7d0232bc100',
    },
    responses: {
      '200': {
        value: {
          ...exampleEndpoint,
          id: 'd4f1d9fd-f961-40a1-8702-c7d0232bc100',
          name: 'renamed',
          url: 'http://127.0.0.1:46503/put',
          createdAt: 1748856632621,
          updatedAt: 1748856632623,
        },
      },
    },
    errors: {
      '400': {
        message: 'Send at least one of name, url, secret, isActive, retryPolicy, enabledEvents',
      },
    },
  },
  'webhooks.delete': {
    parameters: {
      webhookId: 'd4f1d9fd-f961-40a1-8702-c7d0232bc100',
    },
    responses: {
      '200': {
        value: {
          success: true,
          message: 'Webhook endpoint d4f1d9fd-f961-40a1-8702-c7d0232bc100 deleted',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
    },
  },
  'webhooks.deliveries': {
    parameters: {
      webhookId: 'b62fe75b-4c1a-4e71-b111-9672b36d9821',
    },
    responses: {
      '200': {
        value: [
          {
            deliveryId: 14,
            eventId: '11d8e6b9-b742-45b0-82bd-b1619d0fe900',
            id: '1ae6b775-f60b-4106-99b0-7a94820929b0',
            eventType: 'balance_updated',
            attempt: 1,
            state: 'delivered',
            createdAt: 1748856632754,
            statusCode: 200,
            latencyMs: 21,
            attemptedAt: 1748856632790,
          },
          {
            deliveryId: 12,
            eventId: 'eb865031-2d45-4d70-834d-4a8288793149',
            id: 'PRE5NXW6GVALZB5',
            eventType: 'deposit_completed',
            attempt: 1,
            state: 'delivered',
            createdAt: 1748856632754,
            statusCode: 200,
            latencyMs: 19,
            attemptedAt: 1748856632788,
          },
        ],
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
    },
  },
  'webhooks.test': {
    parameters: {
      webhookId: 'ecc1b464-4d69-446f-80c6-c690b22e4fc0',
    },
    responses: {
      '200': {
        value: {
          delivered: true,
          deliveryId: 1455,
          eventId: 'd8251687-f094-4c0c-9bc0-1d32149a51b7',
          latencyMs: 1,
          statusCode: 200,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Webhook endpoint 00000000-0000-4000-8000-000000000000 does not exist',
      },
    },
  },
  'webhook.get': {
    responses: {
      '200': {
        value: {
          url: null,
        },
      },
    },
  },
  'webhook.set': {
    request: {
      value: {
        url: 'http://127.0.0.1:46503/legacy',
      },
    },
    responses: {
      '200': {
        value: {
          url: 'http://127.0.0.1:46503/legacy',
        },
      },
    },
  },
};
