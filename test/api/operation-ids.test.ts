import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationIdOf, operationIdPattern } from '../../src/platform/operation-ids.js';

// The operationIds are the SDK's method names (client.quotes.create): each route declares its own beside its summary,
// and the published document holds them to one scheme, with no doubled name.
const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
);

describe('operation ids', () => {
  it('every documented operation carries one', () => {
    expect(documented.filter(({ operation }) => operation.operationId === undefined).map(({ key }) => key)).toEqual([]);
  });

  it('ids are unique and written resource.action in camel case', () => {
    const ids = documented.map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(operationIdPattern);
  });

  it.each(documented.map(({ key, operation }) => [key, operation.operationId ?? '']))(
    '%s is named after its area: %s',
    (key, id) => {
      const path = key.split(' ')[1] ?? '';
      if (path.startsWith('/admin/')) expect(id).toMatch(/^admin\./);
      else expect(id).not.toMatch(/^admin\./);
      expect(path.startsWith('/v1/simulate/')).toBe(id.startsWith('simulate.'));
    },
  );

  it('a documented route whose schema declares none is refused when the document is built', () => {
    expect(() => operationIdOf({ summary: 'x' }, 'GET', '/v1/things')).toThrow(/declares no operationId/);
    expect(() => operationIdOf({ operationId: 'Things-List' }, 'GET', '/v1/things')).toThrow(/resource\.action/);
    expect(operationIdOf({ operationId: 'things.list' }, 'GET', '/v1/things')).toBe('things.list');
  });
});
