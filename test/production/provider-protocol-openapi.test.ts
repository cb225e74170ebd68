import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { providerProtocolDocument } from '../../src/provider-protocol/protocol-document.js';

// openapi/provider-protocol.json is checked in so that whoever builds a brokerage's provider service can read the
// contract without running the server. It is generated from the schemas the client and the callback routes use; this
// test fails when it is stale. Regenerate: UPDATE_OPENAPI=1 npx vitest run test/production/provider-protocol-openapi.test.ts
const file = new URL('../../openapi/provider-protocol.json', import.meta.url);

describe('openapi/provider-protocol.json', () => {
  const generated = `${JSON.stringify(providerProtocolDocument(), null, 2)}\n`;

  it('matches the document the schemas generate', () => {
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8'), 'openapi/provider-protocol.json is stale: run UPDATE_OPENAPI=1').toBe(generated);
  });

  it('describes both directions, and each of its schemas compiles', () => {
    const doc = JSON.parse(generated);
    expect(Object.keys(doc.paths)).toEqual(['/deposit-instructions', '/payouts']);
    expect(Object.keys(doc.webhooks)).toEqual(['inboundCredit', 'payoutOutcome']);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc, 'doc');
    const schemas: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (key === 'schema' && !pointer.includes('/components/')) schemas.push(at);
        else walk(value, at);
      }
    };
    walk(doc, '');
    expect(schemas.length).toBeGreaterThan(10);
    for (const pointer of schemas) expect(() => ajv.compile({ $ref: `doc#${pointer}` }), pointer).not.toThrow();
  });
});
