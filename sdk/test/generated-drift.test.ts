import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOperations, generateTypes, operationTable } from '../scripts/codegen.mjs';
import { BrokerageAdmin, BrokerageClient } from '../src/index.js';

// The SDK cannot disagree with the server: its generated files are rebuilt here from openapi/openapi.json (itself
// checked against the running server's document by test/api/openapi-file.test.ts) and must equal the committed ones.

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const document = JSON.parse(read('../../openapi/openapi.json'));
const fix = 'run `npm run generate -w sdk` and commit sdk/src/generated';

describe('the generated files', () => {
  it('types: openapi-typescript over the document gives the committed src/generated/openapi.ts', async () => {
    expect((await generateTypes(document)) === read('../src/generated/openapi.ts'), `stale types: ${fix}`).toBe(true);
  });

  it('operations: the table built from the document is the committed src/generated/operations.ts', () => {
    expect(generateOperations(document) === read('../src/generated/operations.ts'), `stale table: ${fix}`).toBe(true);
  });
});

/** Every method of a client, `group.action`, iterators apart. */
function methodsOf(client: object): { methods: string[]; iterators: string[] } {
  const methods: string[] = [];
  const iterators: string[] = [];
  for (const [group, actions] of Object.entries(client)) {
    for (const [action, value] of Object.entries(actions as Record<string, unknown>)) {
      expect(typeof value).toBe('function');
      (/^iterate([A-Z]|$)/.test(action) ? iterators : methods).push(`${group}.${action}`);
    }
  }
  return { methods: methods.sort(), iterators: iterators.sort() };
}

describe('the clients against the OpenAPI operations, one for one', () => {
  const rows = operationTable(document);
  const partner = methodsOf(new BrokerageClient({ baseUrl: 'http://x', clientId: 'c', username: 'u', password: 'p' }));
  const admin = methodsOf(new BrokerageAdmin({ baseUrl: 'http://x', adminToken: 'operator-token-1234' }));

  it('every operationId has exactly one method, and no method lacks an operation', () => {
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const fromClients = [...partner.methods, ...admin.methods.map((name) => `admin.${name}`)].sort();
    expect(fromClients).toEqual([...ids].sort());
  });

  it('every paged list has one iterator, and nothing else has one', () => {
    const paged = rows.filter((row) => row.paging !== null).map((row) => row.id.replace(/\.list$/, '.iterate'));
    const fromClients = [...partner.iterators, ...admin.iterators.map((name) => `admin.${name}`)].sort();
    expect(fromClients).toEqual([...paged].sort());
    expect(paged).toEqual(expect.arrayContaining(['orders.iterate', 'deposits.iterate', 'events.iterate']));
  });
});
