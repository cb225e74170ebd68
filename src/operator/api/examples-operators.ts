import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */

const operatorId = '0b7c5a52-3f0e-4b8e-9a55-1e0f2c7d9a41';

const waiting = {
  operatorId,
  email: 'ana.costa@brokerage.example',
  role: 'compliance',
  enrolled: false,
  secondFactor: false,
  disabled: false,
  enrolmentExpiresAt: 1_749_115_800,
  createdAt: 1_748_856_600,
  lastSignInAt: null,
};

const enrolled = {
  ...waiting,
  enrolled: true,
  secondFactor: true,
  enrolmentExpiresAt: null,
  lastSignInAt: 1_748_860_200,
};

const withLink = {
  operator: waiting,
  enrolmentUrl: 'https://api.brokerage.example/console/enrol/kQ3v9T0pZr8mYw2xB6nL4cH1sJ7dF5gA0eU9iO2tR4w',
};

const unknown = { message: 'No operator 3f1d2c4b-0000-4000-8000-000000000000' };

export const operatorsExamples: ExampleCatalogue = {
  'admin.operators.create': {
    request: { value: { email: 'ana.costa@brokerage.example', role: 'compliance' } },
    responses: { 201: { value: withLink } },
    errors: {
      400: { message: 'body/role must be equal to one of the allowed values' },
      409: { error: 'DuplicityError', message: 'An operator with email ana.costa@brokerage.example already exists' },
    },
  },
  'admin.operators.list': {
    responses: { 200: { value: [enrolled] } },
  },
  'admin.operators.disable': {
    parameters: { operatorId },
    responses: { 200: { value: { ...enrolled, disabled: true } } },
    errors: { 404: unknown },
  },
  'admin.operators.revokeSessions': {
    parameters: { operatorId },
    responses: { 200: { value: { revoked: 2 } } },
    errors: { 404: unknown },
  },
  'admin.operators.reissueEnrolment': {
    parameters: { operatorId },
    responses: { 200: { value: withLink } },
    errors: { 404: unknown, 409: { error: 'StateError', message: `Operator ${operatorId} is disabled` } },
  },
};
