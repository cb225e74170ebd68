import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.js';
import { registerDisclosureAudit, type ShownValues } from './disclosure.js';
import { SecretsKeyring } from './keyring.js';
import { openSealedAnswers } from './open-at-edge.js';
import { openSensitive, sealSensitive } from './sensitive.js';

// Who saw what: every sealed field an operator's request opens, in a JSON answer or on a page it renders, is
// recorded before the answer leaves; a request of no operator records nothing; an answer whose record cannot be
// written is not sent.

const keyring = SecretsKeyring.of(Buffer.alloc(32, 7));
const otherKeyring = SecretsKeyring.of(Buffer.alloc(32, 9));
const iban = 'DE89370400440532013000';
const stored = sealSensitive(keyring, { name: 'Ana', iban, taxId: { number: '52998224725', country: 'BR' } });
const operator: Actor = {
  kind: 'operator',
  operatorId: 'op-1',
  email: 'op@example.com',
  role: 'admin',
  address: '127.0.0.1',
};

function anApp(record: (shown: ShownValues) => Promise<void>): FastifyInstance {
  const app = Fastify();
  openSealedAnswers(app, keyring);
  registerDisclosureAudit(app, record);
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-operator'] === 'yes') (request as unknown as { actor: Actor }).actor = operator;
  });
  // A JSON answer carrying the sealed document, opened by the answer hook.
  app.get('/records/:id', async () => ({ id: 'r1', destination: stored }));
  // A page that opens the document itself, as a console page does.
  app.get('/page', async (_request, reply) => {
    const opened = openSensitive(keyring, stored);
    return reply.type('text/html').send(`<p>${opened.iban}</p>`);
  });
  app.get('/plain', async () => ({ id: 'nothing sealed' }));
  // A field sealed under a key this ring lacks (a row written under a key since dropped).
  app.get('/alien', async () => ({ id: 'r2', destination: sealSensitive(otherKeyring, { iban }) }));
  return app;
}

describe('the audit of sealed values shown', () => {
  it.each([
    ['a JSON answer', '/records/r1', 'GET /records/:id', ['country', 'iban', 'number']],
    ['a page that opens them itself', '/page', 'GET /page', ['country', 'iban', 'number']],
  ])('records %s shown to an operator: who, the route, the path and the fields', async (_, url, route, fields) => {
    const shown: ShownValues[] = [];
    const app = anApp(async (s) => {
      shown.push(s);
    });
    const answer = await app.inject({ method: 'GET', url: `${url}?q=secret`, headers: { 'x-operator': 'yes' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(iban);
    expect(shown).toEqual([{ actor: operator, requestId: expect.any(String), route, path: url, fields, count: 3 }]);
  });

  it('records nothing for a caller who is no operator, or an answer with nothing sealed', async () => {
    const shown: ShownValues[] = [];
    const app = anApp(async (s) => {
      shown.push(s);
    });
    const partner = await app.inject({ method: 'GET', url: '/records/r1' });
    expect(partner.body).toContain(iban);
    await app.inject({ method: 'GET', url: '/plain', headers: { 'x-operator': 'yes' } });
    expect(shown).toEqual([]);
  });

  it('sends no value when its record cannot be written', async () => {
    const app = anApp(async () => {
      throw new Error('the audit log is unreachable');
    });
    for (const url of ['/records/r1', '/page']) {
      const answer = await app.inject({ method: 'GET', url, headers: { 'x-operator': 'yes' } });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain(iban);
      expect(answer.body).not.toContain('$sealed:');
    }
  });

  it('sends neither the value nor its sealed text when no key of the ring opens a field', async () => {
    const app = anApp(async () => {});
    for (const headers of [{}, { 'x-operator': 'yes' }]) {
      const answer = await app.inject({ method: 'GET', url: '/alien', headers });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain(iban);
      expect(answer.body).not.toContain('$sealed:');
    }
  });
});
