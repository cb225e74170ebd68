import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

// Screenings against the stage sandbox's list, whose entry 9900001 is Ivan Testsanctioned.

/** The name screened in every individual example here and in the operators' (operator/api/examples-aml.ts). */
export const ivanTestsanctioned = { firstName: 'Ivan', lastName: 'Testsanctioned' } as const;

/** The sandbox list's entry 9900001 matching him: every individual screening here and the operators'. */
const ivanSandboxMatch = {
  list: 'SANDBOX',
  entryId: '9900001',
  listedName: 'TESTSANCTIONED, Ivan',
  matchedName: 'TESTSANCTIONED, Ivan',
  programs: ['SDGT', 'CYBER2'],
  score: 1,
  datesOfBirth: ['01 Jan 1970'],
} as const;

/** The lists every screening here was checked against. */
const sandboxLists = [{ list: 'SANDBOX' }] as const;

/**
 * Screening a43875b7 before its names: a potential match of Ivan waiting for an operator. amlScreenings.get and
 * .list, and the operators' screenings (each with a workspaceId after updatedAt) are built on it.
 */
export const examplePotentialMatch = {
  screeningId: 'a43875b7-c948-46ac-a5e2-114f55160898',
  entityType: 'INDIVIDUAL',
  status: 'POTENTIAL_MATCH',
  matches: [ivanSandboxMatch],
  lists: sandboxLists,
  createdAt: 1748856661,
  updatedAt: 1748856661,
} as const;

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const amlScreeningsExamples: ExampleCatalogue = {
  'amlScreenings.create': {
    request: {
      value: {
        entityType: 'INDIVIDUAL',
        ...ivanTestsanctioned,
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
            ...ivanTestsanctioned,
            dateOfBirth: '1970-01-01',
            matches: [ivanSandboxMatch],
            lists: sandboxLists,
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
              ...examplePotentialMatch,
              screeningId: 'f4fb3800-92a6-49c3-9359-89567b18f40f',
              entityType: 'BUSINESS',
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
              businessName: 'SET Trading',
            },
            {
              ...examplePotentialMatch,
              screeningId: 'febb9332-3a00-4713-a63a-f56326d9a9c8',
              ...ivanTestsanctioned,
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
      screeningId: examplePotentialMatch.screeningId,
    },
    responses: {
      '200': {
        value: {
          ok: true,
          value: { ...examplePotentialMatch, ...ivanTestsanctioned },
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
