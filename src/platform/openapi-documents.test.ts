import { describe, expect, it } from 'vitest';
import { type Audience, documentsFor } from './openapi-documents.js';
import { describeAnswer, describeResponses, nameAsWords, plural } from './openapi-responses.js';

const info = (title: string) => ({ title, version: '1', description: title });
const audiences: Record<'partner' | 'operator', Audience> = {
  partner: { info: info('Partner'), takes: (path) => path.startsWith('/v1/'), webhooks: true },
  operator: { info: info('Operator'), takes: (path) => path.startsWith('/admin/v1/'), webhooks: false },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const whole = {
  openapi: '3.1.0',
  info: info('Whole'),
  components: {
    securitySchemes: { partnerToken: { type: 'oauth2' }, adminToken: { type: 'http' } },
    schemas: {
      Order: { type: 'object', properties: { amount: ref('Amount') } },
      Amount: { type: 'number' },
      Workspace: { type: 'object' },
      Event: { type: 'object' },
    },
  },
  paths: {
    '/v1/orders': {
      get: { tags: ['Orders'], security: [{ partnerToken: [] }], responses: { 200: answer(ref('Order')) } },
    },
    '/admin/v1/workspaces': {
      get: { tags: ['Operators'], security: [{ adminToken: [] }], responses: { 200: answer(ref('Workspace')) } },
    },
  },
  tags: [{ name: 'Orders' }, { name: 'Webhooks' }, { name: 'Operators' }],
  webhooks: { order_updated: { post: { requestBody: answer(ref('Event')), responses: {} } } },
};

describe('the generated document cut into the published ones', () => {
  it('gives each audience its paths, and only the components, schemes and tags they use', () => {
    const { partner, operator } = documentsFor(whole, audiences);
    expect(Object.keys(partner)).toEqual(['openapi', 'info', 'components', 'paths', 'tags', 'webhooks']);
    expect(partner.info).toEqual(info('Partner'));
    expect(Object.keys(partner.paths as object)).toEqual(['/v1/orders']);
    expect(partner.components).toEqual({
      securitySchemes: { partnerToken: { type: 'oauth2' } },
      // Referenced from a path, from another component, from a webhook; in the whole document's order.
      schemas: { Order: whole.components.schemas.Order, Amount: { type: 'number' }, Event: { type: 'object' } },
    });
    expect(partner.tags).toEqual([{ name: 'Orders' }]);
    expect(Object.keys(operator)).not.toContain('webhooks');
    expect(Object.keys(operator.paths as object)).toEqual(['/admin/v1/workspaces']);
    expect(operator.components).toEqual({
      securitySchemes: { adminToken: { type: 'http' } },
      schemas: { Workspace: { type: 'object' } },
    });
  });

  it('refuses a path that no published document takes, or two do', () => {
    const stray = { ...whole, paths: { ...whole.paths, '/provider/v1/payouts': {} } };
    expect(() => documentsFor(stray, audiences)).toThrow('/provider/v1/payouts belongs to 0 published documents');
    const greedy = { ...audiences, all: { ...audiences.partner, takes: () => true } };
    expect(() => documentsFor(whole, greedy)).toThrow('belongs to 2 published documents');
  });
});

describe('the description of a success answer', () => {
  const schemas = { BankingAccount: {}, Titled: { title: 'Deposit method' } };

  it.each([
    ['201', ref('Quote'), false, '201 Created: the quote'],
    ['200', ref('Titled'), false, '200 OK: the deposit method'],
    ['200', { type: 'array', items: ref('Order') }, true, '200 OK: a page of orders'],
    ['200', { type: 'array', items: { title: 'Delivery attempt' } }, false, '200 OK: the delivery attempts'],
    [
      '200',
      { properties: { ok: {}, value: ref('BankingAccount') } },
      false,
      '200 OK: the banking account, in { ok, value }',
    ],
    [
      '200',
      { title: 'Count', properties: { ok: {}, value: { type: 'object' } } },
      false,
      '200 OK: the count, in { ok, value }',
    ],
    ['202', { title: 'AML screening' }, false, '202 Accepted: the AML screening'],
    ['200', { type: 'object' }, false, '200 OK'],
  ])('%s %j (paged: %s) reads %j', (status, schema, paged, expected) => {
    expect(describeAnswer(status, schema, schemas, paged)).toBe(expected);
  });

  it('names components and plurals in plain words', () => {
    expect(nameAsWords('ConversationSummary')).toBe('conversation summary');
    expect(nameAsWords('AmlScreening')).toBe('AML screening');
    expect(['batch', 'entry', 'summary', 'list', 'day'].map(plural)).toEqual([
      'batches',
      'entries',
      'summaries',
      'lists',
      'days',
    ]);
  });

  it('replaces only what the generator left undescribed', () => {
    const doc = {
      components: { schemas: {} },
      paths: {
        '/v1/orders/{id}': {
          get: {
            responses: {
              200: { description: 'Default Response', ...answer(ref('Order')) },
              404: { description: 'Error body of read routes' },
            },
          },
        },
        '/v1/files/{id}': { get: { responses: { 200: { description: 'The file as it was sent' } } } },
      },
    };
    const described = describeResponses(structuredClone(doc));
    expect(described.paths['/v1/orders/{id}'].get.responses[200].description).toBe('200 OK: the order');
    expect(described.paths['/v1/orders/{id}'].get.responses[404].description).toBe('Error body of read routes');
    expect(described.paths['/v1/files/{id}'].get.responses[200].description).toBe('The file as it was sent');
  });
});
