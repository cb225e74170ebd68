import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFiles, generateOperations, generateTypes, operationTable } from '../scripts/codegen.mjs';
import { BrokerageAdmin, BrokerageClient } from '../src/index.js';

// The SDK cannot disagree with the server: its generated files are rebuilt here from the checked-in documents
// (openapi/openapi.json, the partner API's; openapi/operator-api.json, the operator API's; each checked against the
// running server's by test/api/openapi-file.test.ts) and must equal the committed ones.

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const documentOf = (source: string) => JSON.parse(read(`../../${source}`));
const fix = 'run `npm run generate -w sdk` and commit sdk/src/generated';

describe.each(generatedFiles)('the files generated from $source', ({ source, types, operations, name }) => {
  const document = documentOf(source);

  it(`types: openapi-typescript over the document gives the committed src/generated/${types}`, async () => {
    expect((await generateTypes(document)) === read(`../src/generated/${types}`), `stale types: ${fix}`).toBe(true);
  });

  it(`operations: the table built from the document is the committed src/generated/${operations}`, () => {
    expect(
      generateOperations(document, { name, source }) === read(`../src/generated/${operations}`),
      `stale table: ${fix}`,
    ).toBe(true);
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

describe.each([
  {
    client: 'BrokerageClient',
    source: 'openapi/openapi.json',
    prefix: '',
    make: () => new BrokerageClient({ baseUrl: 'http://x', clientId: 'c', username: 'u', password: 'p' }),
  },
  {
    client: 'BrokerageAdmin',
    source: 'openapi/operator-api.json',
    prefix: 'admin.',
    make: () => new BrokerageAdmin({ baseUrl: 'http://x', adminToken: 'operator-token-1234' }),
  },
])('$client against the operations of $source, one for one', ({ source, prefix, make }) => {
  const rows = operationTable(documentOf(source));
  const { methods, iterators } = methodsOf(make());

  it('every operationId has exactly one method, and no method lacks an operation', () => {
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(methods.map((method) => `${prefix}${method}`)).toEqual([...ids].sort());
  });

  it('every paged list has one iterator, and nothing else has one', () => {
    const paged = rows.filter((row) => row.paging !== null).map((row) => row.id.replace(/\.list$/, '.iterate'));
    expect(iterators.map((iterator) => `${prefix}${iterator}`)).toEqual([...paged].sort());
    expect(paged.length).toBeGreaterThan(0);
  });
});

describe('the two documents', () => {
  it('share no operationId: the partner API has no admin. operation, the operator API nothing else', () => {
    const partnerRows = operationTable(documentOf('openapi/openapi.json'));
    const partner = partnerRows.map((row) => row.id);
    const admin = operationTable(documentOf('openapi/operator-api.json')).map((row) => row.id);
    expect(partner.filter((id) => id.startsWith('admin.'))).toEqual([]);
    expect(admin.filter((id) => !id.startsWith('admin.'))).toEqual([]);
    const paged = partnerRows.filter((row) => row.paging !== null).map((row) => row.id);
    expect(paged).toEqual(expect.arrayContaining(['orders.list', 'deposits.list', 'events.list']));
  });
});
