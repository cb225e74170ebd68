import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BrokerageClient,
  BrokerageError,
  ExistenceError,
  errorClasses,
  FundsError,
  ValidationError,
} from '../src/index.js';
import { createError, credentials, fakeServer, json, readError } from './support/fake-server.js';

const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));

describe('typed errors', () => {
  it('has one class per error type of the document, each extending BrokerageError', () => {
    const types = document.components.schemas.ErrorType.anyOf.flatMap((member: { enum: string[] }) => member.enum);
    expect(Object.keys(errorClasses).sort()).toEqual([...types].sort());
    for (const [name, errorClass] of Object.entries(errorClasses)) {
      expect(errorClass.name).toBe(name);
      expect(errorClass.prototype).toBeInstanceOf(BrokerageError);
    }
  });

  it('carries status, error, message, errorId, the request id and the body of a create route', async () => {
    const server = fakeServer();
    server.script('/v1/orders', createError(402, 'FundsError'));
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const failure = (await client.orders.create({} as never).catch((error: unknown) => error)) as FundsError;
    expect(failure).toBeInstanceOf(FundsError);
    expect(failure).toMatchObject({
      name: 'FundsError',
      status: 402,
      error: 'FundsError',
      message: 'FundsError happened',
      errorId: 'FundsError-1',
      requestId: 'req-402',
    });
    expect(failure.body).toMatchObject({ success: false, errorName: 'FundsError' });
  });

  it('reads the read routes’ shape, and a numeric errorId', async () => {
    const server = fakeServer();
    server.script('/v1/orders/x', readError(404, 'ExistenceError'));
    server.script('/v1/quotes', json(400, { success: false, error: 'ValidationError', message: 'm', errorId: 1008 }));
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const missing = (await client.orders.get('x').catch((error: unknown) => error)) as ExistenceError;
    expect(missing).toBeInstanceOf(ExistenceError);
    expect(missing.errorId).toBeUndefined();
    const invalid = (await client.quotes.create({} as never).catch((error: unknown) => error)) as ValidationError;
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.errorId).toBe(1008);
  });

  it('maps an error type it does not know to BrokerageError, keeping its name in `error`', async () => {
    const server = fakeServer();
    server.script('/v1/orders/x', readError(418, 'TeapotError'));
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const failure = (await client.orders.get('x').catch((error: unknown) => error)) as BrokerageError;
    expect(failure.constructor).toBe(BrokerageError);
    expect(failure).toMatchObject({ status: 418, error: 'TeapotError' });
  });
});

describe('unknown fields and enum values', () => {
  it('passes them through untouched, and the widened types accept a new status', async () => {
    const order = { orderId: 'o1', status: 'OnTheMoon', brandNewField: { nested: [1, 2] } };
    const server = fakeServer({ '/v1/orders/o1': () => json(200, order) });
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const answer = await client.orders.get('o1');
    expect(answer).toEqual(order);
    // Compiles because answers' enums are widened (Known | (string & {})): a new value needs no SDK upgrade.
    const status: typeof answer.status = 'OnTheMoon';
    const known: typeof answer.status = 'Success';
    expect([status, known]).toEqual(['OnTheMoon', 'Success']);
  });
});
