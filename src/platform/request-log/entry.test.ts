import { describe, expect, it } from 'vitest';
import { limits } from '../../limits.js';
import { redacted } from '../audit/redaction.js';
import { type CapturedRequest, capturedSize, entryOf, maskedQuery } from './entry.js';

// An entry as the request log keeps it: masked by the rule of data at rest (the audit log's redaction), bounded, and
// its error type read from the answer's envelope.

const captured = (over: Partial<CapturedRequest> = {}): CapturedRequest => ({
  workspaceId: 'ws_1',
  occurredAtMs: 1_764_000_000_000.4,
  method: 'POST',
  url: '/v1/withdrawals',
  status: 201,
  latencyMs: 3.25,
  requestId: 'req-1',
  idempotencyKey: undefined,
  requestBody: undefined,
  requestBytes: undefined,
  responseText: undefined,
  responseJson: true,
  responseBytes: undefined,
  ...over,
});

const iban = 'DE89370400440532013000';

describe('entryOf', () => {
  it('keeps the request line: the path and the query string apart, the status, the latency, the ids', () => {
    const row = entryOf(
      captured({ method: 'GET', url: '/v1/orders?status=Success&limit=5', status: 200, idempotencyKey: 'k-1' }),
    );
    expect(row).toMatchObject({
      workspaceId: 'ws_1',
      occurredAtMs: 1_764_000_000_000,
      method: 'GET',
      path: '/v1/orders',
      query: 'status=Success&limit=5',
      status: 200,
      latencyMs: 3.25,
      requestId: 'req-1',
      idempotencyKey: 'k-1',
      errorType: null,
    });
  });

  it('has no query for a bare `?`, and joins an Idempotency-Key sent twice', () => {
    const row = entryOf(captured({ url: '/v1/orders?', idempotencyKey: ['a', 'b'] }));
    expect(row.path).toBe('/v1/orders');
    expect(row.query).toBeNull();
    expect(row.idempotencyKey).toBe('a, b');
  });

  it('masks the bodies by the rule of data at rest: an IBAN by its last four, a date of birth and a secret replaced', () => {
    const answer = {
      withdrawalId: 'w1',
      destinationTransferData: { type: 'SEPA', iban, destinationName: 'Ana' },
      userData: { birthdate: '1980-05-15', taxId: { number: '52998224725', country: 'BR' } },
    };
    const row = entryOf(
      captured({
        requestBody: { destinationTransferData: { iban } },
        requestBytes: 80,
        responseText: JSON.stringify(answer),
      }),
    );
    expect(JSON.parse(row.requestBody as string)).toEqual({ destinationTransferData: { iban: '****3000' } });
    expect(row.requestBodyBytes).toBe(80);
    expect(JSON.parse(row.responseBody as string)).toEqual({
      withdrawalId: 'w1',
      destinationTransferData: { type: 'SEPA', iban: '****3000', destinationName: 'Ana' },
      userData: { birthdate: redacted, taxId: { number: '****4725', country: 'BR' } },
    });
    expect(row.responseBody).not.toContain(iban);
    expect(row.responseBodyOmitted).toBe(false);
  });

  it("reads the error type from either envelope's `error`, only for an error status", () => {
    const read = entryOf(
      captured({ status: 404, responseText: '{"ok":false,"message":"No order","error":"ExistenceError"}' }),
    );
    expect(read.errorType).toBe('ExistenceError');
    const create = entryOf(
      captured({
        status: 402,
        responseText: '{"success":false,"error":"FundsError","message":"Insufficient EUR balance","errorId":"x"}',
      }),
    );
    expect(create.errorType).toBe('FundsError');
    expect(entryOf(captured({ status: 200, responseText: '{"error":"not an error"}' })).errorType).toBeNull();
  });

  it('leaves out a body over the bound, keeping its size and saying so', () => {
    const big = { note: 'x'.repeat(limits.requestLogBodyMaxBytes) };
    const row = entryOf(captured({ requestBody: big, requestBytes: limits.requestLogBodyMaxBytes + 12 }));
    expect(row).toMatchObject({
      requestBody: null,
      requestBodyBytes: limits.requestLogBodyMaxBytes + 12,
      requestBodyOmitted: true,
    });
    // Too large to be read at all: the hook passes no body, only its size.
    const unread = entryOf(captured({ requestBytes: 2_000_000, responseBytes: 60_000 }));
    expect(unread).toMatchObject({
      requestBody: null,
      requestBodyBytes: 2_000_000,
      requestBodyOmitted: true,
      responseBody: null,
      responseBodyBytes: 60_000,
      responseBodyOmitted: true,
    });
  });

  it('keeps a body of exactly the bound', () => {
    const text = 'y'.repeat(limits.requestLogBodyMaxBytes - 2);
    const row = entryOf(captured({ responseText: JSON.stringify(text) }));
    expect(row.responseBody).toBe(JSON.stringify(text));
    expect(row.responseBodyOmitted).toBe(false);
  });

  it('keeps no body that is not JSON, only its size', () => {
    expect(entryOf(captured({ responseText: '<html>', responseJson: false }))).toMatchObject({
      responseBody: null,
      responseBodyBytes: 6,
      responseBodyOmitted: true,
    });
  });

  it('has no body, and says nothing left out, when none was sent or answered', () => {
    expect(entryOf(captured({ method: 'GET' }))).toMatchObject({
      requestBody: null,
      requestBodyBytes: null,
      requestBodyOmitted: false,
      responseBody: null,
      responseBodyBytes: null,
      responseBodyOmitted: false,
    });
  });

  it('cuts a long path, query and Idempotency-Key to the bound', () => {
    const long = 'a'.repeat(limits.requestLogTextLengthMax + 10);
    const row = entryOf(captured({ url: `/v1/${long}?q=${long}`, idempotencyKey: long }));
    expect(row.path).toHaveLength(limits.requestLogTextLengthMax);
    expect(row.query).toHaveLength(limits.requestLogTextLengthMax);
    expect(row.idempotencyKey).toHaveLength(limits.requestLogTextLengthMax);
  });

  it('counts the texts a captured request holds, for the buffer bound', () => {
    const held = captured({ requestBody: { a: 1 }, requestBytes: 7, responseText: '{"b":2}' });
    expect(capturedSize(held)).toBe('/v1/withdrawals'.length + 'req-1'.length + 7 + '{"b":2}'.length);
  });
});

describe('maskedQuery', () => {
  it('keeps the text as sent when no parameter names anything sensitive', () => {
    expect(maskedQuery('status=Success&from=1700000000&search=ana%40example.com')).toBe(
      'status=Success&from=1700000000&search=ana%40example.com',
    );
  });

  it('masks a parameter by its name, as the bodies are', () => {
    expect(maskedQuery(`iban=${iban}&token=abc&status=Success`)).toBe(
      `iban=****3000&token=${encodeURIComponent(redacted)}&status=Success`,
    );
  });
});
