import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const oauthExamples: ExampleCatalogue = {
  'oauth.token': {
    request: {
      value: {
        grant_type: 'password',
        client_id: 'cl_6h2m1zlku1155uznkoec',
        username: 'api_zqfjpx4ciun1',
        password: 'iTw7yOQFCTahBrFqjhxlEe9kNqY4iIWb',
      },
    },
    responses: {
      '200': {
        value: {
          access_token:
            'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJmYjFiNmNlMC01YzAxLTQxNTUtOTc1NC02Y2VmNDEwNGYyOTkiLCJjdiI6MSwiZXhwIjoxNzk1NjQ4MzkwfQ.3XxxIX3jQByJ7gou48snrcasTR3JbIL8lUWve78XmEI',
          token_type: 'Bearer',
          expires_in: 300,
        },
      },
      '400': {
        value: {
          error: 'invalid_grant',
          error_description: 'Invalid username or password',
        },
      },
      '401': {
        value: {
          error: 'invalid_client',
          error_description: 'Unknown or disabled client',
        },
      },
      '503': {
        value: {
          error: 'temporarily_unavailable',
          error_description: 'The token service is unavailable; retry later',
        },
      },
    },
  },
};
