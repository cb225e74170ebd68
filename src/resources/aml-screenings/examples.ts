import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const amlScreeningsExamples: ExampleCatalogue = {
  'amlScreenings.create': {
    request: {
      value: {
        entityType: 'INDIVIDUAL',
        firstName: 'Ivan',
        lastName: 'Testsanctioned',
        dateOfBirth: '1970-01-01',
      },
    },
    responses: {
      '201': {
        value: {
          ok: true,
          value: {
            screeningId: '895c7ee0-9eab-4d15-9e82-18a48afe9b3f',
            entityType: 'INDIVIDUAL',
            status: 'CONFIRMED_MATCH',
            firstName: 'Ivan',
            lastName: 'Testsanctioned',
            dateOfBirth: '1970-01-01',
            matches: [
              {
                list: 'SANDBOX',
                entryId: '9900001',
                listedName: 'TESTSANCTIONED, Ivan',
                matchedName: 'TESTSANCTIONED, Ivan',
                programs: ['SDGT', 'CYBER2'],
                score: 1,
                datesOfBirth: ['01 Jan 1970'],
              },
            ],
            lists: [
              {
                list: 'SANDBOX',
              },
            ],
            createdAt: 1748856659,
            updatedAt: 1748856659,
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'lastName is required to screen an INDIVIDUAL',
      },
      '409': {
        message: 'Idempotency-Key was used with a different payload; use a new key',
        error: 'DuplicityError',
      },
    },
  },
  'amlScreenings.list': {
    responses: {
      '200': {
        value: {
          ok: true,
          value: [
            {
              screeningId: 'f4fb3800-92a6-49c3-9359-89567b18f40f',
              entityType: 'BUSINESS',
              status: 'POTENTIAL_MATCH',
              matches: [
                {
                  list: 'SANDBOX',
                  entryId: '9900002',
                  listedName: 'SANDBOX EMBARGOED TRADING LLC',
                  matchedName: 'SET TRADING',
                  programs: ['IRAN'],
                  score: 1,
                  datesOfBirth: [],
                },
              ],
              lists: [
                {
                  list: 'SANDBOX',
                },
              ],
              createdAt: 1748856661,
              updatedAt: 1748856661,
              businessName: 'SET Trading',
            },
            {
              screeningId: 'febb9332-3a00-4713-a63a-f56326d9a9c8',
              entityType: 'INDIVIDUAL',
              status: 'POTENTIAL_MATCH',
              matches: [
                {
                  list: 'SANDBOX',
                  entryId: '9900001',
                  listedName: 'TESTSANCTIONED, Ivan',
                  matchedName: 'TESTSANCTIONED, Ivan',
                  programs: ['SDGT', 'CYBER2'],
                  score: 1,
                  datesOfBirth: ['01 Jan 1970'],
                },
              ],
              lists: [
                {
                  list: 'SANDBOX',
                },
              ],
              createdAt: 1748856661,
              updatedAt: 1748856661,
              firstName: 'Ivan',
              lastName: 'Testsanctioned',
              userEmail: 'listed-1@example.com',
            },
          ],
        },
      },
    },
    errors: {
      '400': {
        message: 'Unknown query parameter currency',
      },
    },
  },
  'amlScreenings.get': {
    parameters: {
      screeningId: 'a43875b7-c948-46ac-a5e2-114f55160898',
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: {
            screeningId: 'a43875b7-c948-46ac-a5e2-114f55160898',
            entityType: 'INDIVIDUAL',
            status: 'POTENTIAL_MATCH',
            matches: [
              {
                list: 'SANDBOX',
                entryId: '9900001',
                listedName: 'TESTSANCTIONED, Ivan',
                matchedName: 'TESTSANCTIONED, Ivan',
                programs: ['SDGT', 'CYBER2'],
                score: 1,
                datesOfBirth: ['01 Jan 1970'],
              },
            ],
            lists: [
              {
                list: 'SANDBOX',
              },
            ],
            createdAt: 1748856661,
            updatedAt: 1748856661,
            firstName: 'Ivan',
            lastName: 'Testsanctioned',
          },
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'AML screening 00000000-0000-4000-8000-000000000000 does not exist',
      },
    },
  },
};
