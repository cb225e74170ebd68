// Request log entries as the writer hands them to the repository (platform/request-log/entry.ts), written straight
// into the store by the tests that need entries at given times (a search's budget, retention, housekeeping) rather
// than requests sent at them.

import type { RequestLogRow } from '../../src/platform/request-log/entry.js';

/** A GET /v1/balances answered 200 without bodies, unless the test says otherwise. */
export const aRequestLogRow = (
  row: Pick<RequestLogRow, 'workspaceId' | 'occurredAtMs' | 'requestId'> & Partial<RequestLogRow>,
): RequestLogRow => ({
  method: 'GET',
  path: '/v1/balances',
  query: null,
  status: 200,
  latencyMs: 1,
  idempotencyKey: null,
  errorType: null,
  requestBody: null,
  requestBodyBytes: null,
  requestBodyOmitted: false,
  responseBody: null,
  responseBodyBytes: null,
  responseBodyOmitted: false,
  ...row,
});
