import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */

const workspaceId = 'c1a3e7f0-5b2d-4c8e-9f10-2a3b4c5d6e7f';
const partnerUserId = '5e9d2c1b-7a4f-4e3d-8c2b-1a0f9e8d7c6b';

const waiting = {
  partnerUserId,
  workspaceId,
  email: 'dev@partner.example',
  role: 'developer',
  enrolled: false,
  disabled: false,
  enrolmentExpiresAt: 1_749_115_800,
  createdAt: 1_748_856_600,
  lastSignInAt: null,
};

const enrolled = { ...waiting, enrolled: true, enrolmentExpiresAt: null, lastSignInAt: 1_748_860_200 };

const withLink = {
  partnerUser: waiting,
  enrolmentUrl: 'https://api.brokerage.example/dashboard/enrol/kQ3v9T0pZr8mYw2xB6nL4cH1sJ7dF5gA0eU9iO2tR4w',
};

const parameters = { workspaceId, partnerUserId };
const unknown = { message: `No dashboard user 3f1d2c4b-0000-4000-8000-000000000000 in workspace ${workspaceId}` };
const onlyAdmin = {
  error: 'StateError' as const,
  message: 'This is the workspace’s only admin: make another person admin first',
};

export const dashboardUsersExamples: ExampleCatalogue = {
  'admin.dashboardUsers.invite': {
    parameters: { workspaceId },
    request: { value: { email: 'dev@partner.example', role: 'developer' } },
    responses: { 201: { value: withLink } },
    errors: {
      400: { message: 'body/role must be equal to one of the allowed values' },
      404: { message: 'No workspace 3f1d2c4b-0000-4000-8000-000000000000' },
      409: { error: 'DuplicityError', message: 'A dashboard user with email dev@partner.example already exists' },
    },
  },
  'admin.dashboardUsers.list': {
    parameters: { workspaceId },
    responses: { 200: { value: { data: [enrolled] } } },
    errors: { 404: { message: 'No workspace 3f1d2c4b-0000-4000-8000-000000000000' } },
  },
  'admin.dashboardUsers.setRole': {
    parameters,
    request: { value: { role: 'admin' } },
    responses: { 200: { value: { ...enrolled, role: 'admin' } } },
    errors: { 400: { message: 'body/role must be equal to one of the allowed values' }, 404: unknown, 409: onlyAdmin },
  },
  'admin.dashboardUsers.disable': {
    parameters,
    responses: { 200: { value: { ...enrolled, disabled: true } } },
    errors: { 404: unknown, 409: onlyAdmin },
  },
  'admin.dashboardUsers.reissueEnrolment': {
    parameters,
    responses: { 200: { value: withLink } },
    errors: { 404: unknown, 409: { error: 'StateError', message: `Dashboard user ${partnerUserId} is disabled` } },
  },
};
