import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const healthExamples: ExampleCatalogue = {
  'health.check': {
    responses: {
      '200': {
        value: {
          status: 'ok',
          store: 'pglite',
        },
      },
    },
    errors: {
      '503': {
        message: 'The database is unreachable',
      },
    },
  },
};
