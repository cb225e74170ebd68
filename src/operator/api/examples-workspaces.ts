import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Workspace 5eec3a60 with the defaults, as admin.workspaces.get answers it: .list and .update show others built on it. */
const exampleWorkspace = {
  workspaceId: '5eec3a60-0db2-47b4-81bf-73fb31a1ea4c',
  name: 'test workspace 399',
  clientId: 'cl_qdf7hayvwbbq9gbavsas',
  username: 'api_xv66hvupt8hp',
  enabled: true,
  simulation: true,
  enabledPairs: null,
  feeSchedule: {
    defaultBps: 50,
    pairs: {},
  },
  writeLimitPerMinute: null,
  readThrottleLifted: false,
  verificationProfile: 'standard',
  credentialVersion: 1,
  previousPasswordExpiresAt: null,
  createdAt: 1748856696,
  updatedAt: 1748856696,
} as const;

/** Examples of the reference (platform/openapi-examples.ts) for the operators' workspace operations. */
export const adminWorkspacesExamples: ExampleCatalogue = {
  'admin.workspaces.create': {
    request: {
      value: {
        name: 'test workspace 1',
      },
    },
    responses: {
      '201': {
        value: {
          workspaceId: 'fb1b6ce0-5c01-4155-9754-6cef4104f299',
          clientId: 'cl_6h2m1zlku1155uznkoec',
          username: 'api_zqfjpx4ciun1',
          password: 'iTw7yOQFCTahBrFqjhxlEe9kNqY4iIWb',
        },
      },
    },
    errors: {
      '400': {
        message: 'name is required',
      },
    },
  },
  'admin.workspaces.list': {
    parameters: {
      limit: 50,
    },
    responses: {
      200: {
        value: [
          {
            ...exampleWorkspace,
            workspaceId: 'e5c7070f-65e5-434a-bb12-60477c325ea4',
            name: 'Acme Remit (stage)',
            clientId: 'cl_mblbb9ovol1zwv1zmb7k',
            username: 'api_4gyg6x1psygi',
            createdAt: 1746264600,
            updatedAt: 1746264600,
          },
        ],
      },
    },
  },
  'admin.workspaces.get': {
    parameters: {
      workspaceId: exampleWorkspace.workspaceId,
    },
    responses: {
      '200': {
        value: exampleWorkspace,
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Workspace nope does not exist',
      },
    },
  },
  'admin.workspaces.update': {
    request: {
      value: {
        writeLimitPerMinute: 2,
      },
    },
    parameters: {
      workspaceId: '132ba3c1-37c3-49b9-98e5-560849328c0c',
    },
    responses: {
      '200': {
        value: {
          ...exampleWorkspace,
          workspaceId: '132ba3c1-37c3-49b9-98e5-560849328c0c',
          name: 'test workspace 12',
          clientId: 'cl_mh1w5pddyel1fxoofjoj',
          username: 'api_w02sjiz18czo',
          writeLimitPerMinute: 2,
          createdAt: 1748856611,
          updatedAt: 1748856611,
        },
      },
    },
    errors: {
      '400': {
        message: 'Pair EUR/EUR is not supported by the catalogue',
      },
      '404': {
        message: 'Workspace nope does not exist',
      },
    },
  },
  'admin.workspaces.rotateCredentials': {
    request: {
      value: {
        overlapSeconds: 86400,
      },
    },
    parameters: {
      workspaceId: '22c4c99e-0629-478e-bdb9-fcb155d2401c',
    },
    responses: {
      '200': {
        value: {
          workspaceId: '22c4c99e-0629-478e-bdb9-fcb155d2401c',
          clientId: 'cl_sly5tktqgp67k5vbwgow',
          username: 'api_5fhaa3cpa8e4',
          password: 'hpE3ydwLdcwH2gye0WDsi8BlT1WwVJ43',
          previousPasswordExpiresAt: 1748943096,
        },
      },
    },
    errors: {
      '400': {
        message: 'overlapSeconds must be <= 604800',
      },
      '404': {
        message: 'Workspace nope does not exist',
      },
    },
  },
  'admin.workspaces.revokePreviousCredentials': {
    parameters: {
      workspaceId: '22c4c99e-0629-478e-bdb9-fcb155d2401c',
    },
    responses: {
      '200': {
        value: {
          ...exampleWorkspace,
          workspaceId: '22c4c99e-0629-478e-bdb9-fcb155d2401c',
          name: 'Acme Remit (stage)',
          clientId: 'cl_sly5tktqgp67k5vbwgow',
          username: 'api_5fhaa3cpa8e4',
          credentialVersion: 2,
          previousPasswordExpiresAt: null,
          updatedAt: 1748860296,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'Workspace nope does not exist',
      },
    },
  },
};
