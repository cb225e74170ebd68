import { describe, expect, it } from 'vitest';
import { DocumentChecker, type OpenApiDocument } from '../support/openapi-conformance.js';

// Goal: the harness's check of every answer against the served document (test/support/openapi-conformance.ts) passes
// what the document describes and refuses the rest, so that a suite that passes proves the document true.

describe('the harness check of every answer against the document', () => {
  const checker = new DocumentChecker({
    paths: {
      '/v1/things/{id}': {
        get: {
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/Id' } } },
                },
              },
            },
            '404': { content: { 'application/json': { schema: { type: 'object', required: ['ok'] } } } },
          },
        },
      },
      '/v1/things/count': { get: { responses: { '204': {} } } },
    },
    components: { schemas: { Id: { type: 'string', minLength: 2 } } },
  } as OpenApiDocument);
  const answer = (statusCode: number, body: string, contentType = 'application/json; charset=utf-8') => ({
    statusCode,
    headers: { 'content-type': contentType },
    body,
  });

  it('passes an answer the document describes, following its references', () => {
    expect(checker.problemWith('GET', '/v1/things/ab?x=1', answer(200, '{"id":"ab"}'))).toBeUndefined();
    expect(checker.problemWith('GET', '/v1/things/count', answer(204, ''))).toBeUndefined();
  });

  it('refuses an undocumented status, content type or body', () => {
    expect(checker.problemWith('GET', '/v1/things/ab', answer(400, '{}'))).toContain(
      'a status the document does not list',
    );
    expect(checker.problemWith('GET', '/v1/things/ab', answer(200, 'ab', 'text/plain'))).toContain('content type');
    expect(checker.problemWith('GET', '/v1/things/ab', answer(200, '{"id":"a"}'))).toContain('does not allow');
    expect(checker.problemWith('GET', '/v1/things/ab', answer(200, 'not json'))).toContain('not JSON');
    expect(checker.problemWith('GET', '/v1/things/count', answer(204, 'x'))).toContain('does not declare');
  });

  it('leaves alone what the document does not describe: other paths, other methods', () => {
    expect(checker.problemWith('GET', '/kyc/start/x', answer(200, '<html>', 'text/html'))).toBeUndefined();
    expect(checker.problemWith('DELETE', '/v1/things/ab', answer(404, '{}'))).toBeUndefined();
  });
});
