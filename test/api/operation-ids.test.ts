import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationIds } from '../../src/platform/operation-ids.js';

// The operationIds are the SDK's method names (client.quotes.create): one scheme, no stale or doubled name.
const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
);

describe('operation ids', () => {
  it('every documented operation carries the id its table line gives', () => {
    for (const { key, operation } of documented) expect(operation.operationId, key).toBe(operationIds[key]);
  });

  it('the table names no operation the document lacks', () => {
    const keys = new Set(documented.map(({ key }) => key));
    expect(Object.keys(operationIds).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('ids are unique and written resource.action in camel case', () => {
    const ids = Object.values(operationIds);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/);
  });

  it.each(Object.entries(operationIds))('%s is named after its area: %s', (key, id) => {
    const path = key.split(' ')[1] ?? '';
    if (path.startsWith('/admin/')) expect(id).toMatch(/^admin\./);
    else expect(id).not.toMatch(/^admin\./);
    expect(path.startsWith('/v1/simulate/')).toBe(id.startsWith('simulate.'));
  });
});
