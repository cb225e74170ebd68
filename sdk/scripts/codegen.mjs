// The SDK's generated files, from the server's two OpenAPI documents (the partner API's openapi/openapi.json and the
// operator API's openapi/operator-api.json): for each, the types (openapi-typescript) and the table of operations its
// client is built from. `npm run generate -w sdk` writes them; test/generated-drift.test.ts builds them again in
// memory and fails when the committed files differ, so the SDK cannot disagree with the server.

import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const methods = ['get', 'put', 'post', 'patch', 'delete'];

/** src/generated/openapi.ts: every path, operation, component and webhook of the document as TypeScript types. */
export async function generateTypes(document) {
  const ast = await openapiTS(structuredClone(document), { silent: true });
  return COMMENT_HEADER + astToString(ast);
}

const parametersOf = (operation, where) =>
  (operation.parameters ?? []).filter((parameter) => parameter.in === where).map((parameter) => parameter);

/** The 2xx answer: its status, whether it is JSON (or empty), and its JSON schema. */
function successSchema(operation) {
  const [status, response] = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2')) ?? [];
  const content = response?.content ?? {};
  const schema = content['application/json']?.schema;
  return { status: Number(status), json: schema !== undefined || Object.keys(content).length === 0, schema };
}

function resolve(document, schema) {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, key) => node?.[key], document);
}

/**
 * How a list pages (spec "List, count and filter conventions" and docs/webhooks.md "Finding what you missed"):
 * `page` and `limit` with pages counted from 0 and no total (a short page is the last), the items a bare array or
 * the `value` of an envelope; or the events API's cursor, `startingAfter` the last eventId of a page while `hasMore`.
 */
function pagingOf(document, query, schema) {
  const names = query.map((parameter) => parameter.name);
  const limit = query.find((parameter) => parameter.name === 'limit');
  const resolved = resolve(document, schema);
  const items =
    resolved?.type === 'array'
      ? 'array'
      : resolve(document, resolved?.properties?.value)?.type === 'array'
        ? 'value'
        : undefined;
  if (limit === undefined || items === undefined) return null;
  const limitMax = limit.schema?.maximum ?? 100;
  if (names.includes('page')) return { kind: 'page', items, limitMax };
  if (names.includes('startingAfter') && resolved?.properties?.hasMore !== undefined) {
    return { kind: 'cursor', items, limitMax, cursor: 'startingAfter', idField: 'eventId' };
  }
  return null;
}

/** One row per operationId: what the client needs to call it, in the document's order. */
export function operationTable(document) {
  const rows = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (operation === undefined) continue;
      const id = operation.operationId;
      if (typeof id !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const query = parametersOf(operation, 'query');
      const key = parametersOf(operation, 'header').find(
        (parameter) => parameter.name.toLowerCase() === 'idempotency-key',
      );
      const content = operation.requestBody?.content ?? {};
      const body = content['application/json'] ? 'json' : content['application/x-www-form-urlencoded'] ? 'form' : null;
      const success = successSchema(operation);
      rows.push({
        id,
        method: method.toUpperCase(),
        path,
        auth: (operation.security ?? document.security ?? []).length > 0,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: query.map((parameter) => parameter.name),
        queryRequired: query.some((parameter) => parameter.required === true),
        body,
        bodyRequired: body !== null && operation.requestBody?.required === true,
        idempotencyKey: key === undefined ? null : key.required ? 'required' : 'optional',
        status: success.status,
        response: success.json ? 'json' : 'bytes',
        paging: pagingOf(document, query, success.schema),
      });
    }
  }
  return rows;
}

/**
 * A table of operations as a typed constant: src/generated/operations.ts (`operationTable`, from the partner API's
 * openapi/openapi.json) and src/generated/admin-operations.ts (`adminOperationTable`, from the operator API's
 * openapi/operator-api.json).
 */
export function generateOperations(document, { name = 'operationTable', source = 'openapi/openapi.json' } = {}) {
  const rows = operationTable(document);
  const lines = rows.map((row) => {
    const { id, ...rest } = row;
    return `  ${JSON.stringify(id)}: ${JSON.stringify(rest)},`;
  });
  return [
    `// Generated by sdk/scripts/generate.mjs from ${source}: do not edit. \`npm run generate -w sdk\` rewrites it.`,
    '',
    `export const ${name} = {`,
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}

/** What `npm run generate -w sdk` writes, from which checked-in document: each audience's types and table. */
export const generatedFiles = [
  { source: 'openapi/openapi.json', types: 'openapi.ts', operations: 'operations.ts', name: 'operationTable' },
  {
    source: 'openapi/operator-api.json',
    types: 'admin-openapi.ts',
    operations: 'admin-operations.ts',
    name: 'adminOperationTable',
  },
];
