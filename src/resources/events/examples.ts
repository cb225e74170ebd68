import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const eventsExamples: ExampleCatalogue = {
  'events.list': {
    parameters: {
      limit: 3,
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: [
            {
              eventId: '8cd73ddb-00c3-4123-a1ba-96b2b49cb4f2',
              id: 'entity-2',
              type: 'deposit_completed',
              api_version: '1.0',
              data: {
                at: 1748854334612,
                entityId: 'entity-2',
              },
              createdAt: 1748854334612,
            },
            {
              eventId: '31390888-da21-416d-ba6a-49f5717933ea',
              id: 'entity-1',
              type: 'order_status_updated',
              api_version: '1.0',
              data: {
                at: 1748854334612,
                entityId: 'entity-1',
              },
              createdAt: 1748854334612,
            },
          ],
          hasMore: true,
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown event type: nonsense, also_not',
      },
    },
  },
  'events.get': {
    parameters: {
      eventId: 'a009985e-bfc7-449f-bb12-a0d6bbeec83d',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            eventId: 'a009985e-bfc7-449f-bb12-a0d6bbeec83d',
            id: 'entity-2',
            type: 'deposit_completed',
            api_version: '1.0',
            data: {
              at: 1748854335647,
              entityId: 'entity-2',
            },
            createdAt: 1748854335647,
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Event 51623c82-c1e2-43ef-a0cd-d5e28fa26ea5 does not exist',
      },
    },
  },
  'events.resend': {
    request: {
      value: {
        webhookId: '5fb5e8bb-b1e8-4c01-8ae6-f62a58e0bd4c',
      },
    },
    parameters: {
      eventId: 'd72ea172-9890-400e-82ff-3ad90f08c373',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            eventId: '4855c242-b6dc-4df1-b5ad-ea1a9d4bb74f',
            type: 'verification_status_updated',
            deliveries: 2,
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'extra is not a recognised field',
      },
      '404': [
        {
          message: 'Event 2e8a0e3d-f06f-4e0a-94fc-7a6c89436611 does not exist',
        },
        {
          message: 'Webhook endpoint 53e1eb0c-09c0-448f-915d-25600b6c3c20 does not exist',
        },
      ],
      '409': {
        message: 'Webhook endpoint 3dadb35a-db8b-405c-a786-45fd5d649d09 is inactive: activate it first',
      },
    },
  },
};
