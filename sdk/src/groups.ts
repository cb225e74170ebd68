// The methods of a client, built from the operation table: one per operation, grouped by resource (`orders.get`
// is `client.orders.get`), and one iterator per paged list (`orders.list` is also `client.orders.iterate`).

import { type OperationId, operationTable } from './operations.js';
import { iterateList } from './paging.js';
import type { Transport } from './transport.js';
import type { CallOptions } from './types.js';

type Fn = (...args: unknown[]) => unknown;

/** `list` pages through `iterate`, another paged action `foo` through `iterateFoo`. */
export const iteratorName = (action: string) =>
  action === 'list' ? 'iterate' : `iterate${action.charAt(0).toUpperCase()}${action.slice(1)}`;

/** Splits a method's arguments as the operation takes them: path values, then body, then query, then options. */
function split(id: OperationId, args: unknown[], withBody: boolean) {
  const row = operationTable[id];
  const path = args.slice(0, row.pathParams.length).map(String);
  let next = row.pathParams.length;
  const body = withBody && row.body !== null ? args[next++] : undefined;
  const query = row.queryParams.length > 0 ? (args[next++] as Record<string, unknown> | undefined) : undefined;
  const options = args[next] as CallOptions | undefined;
  return { id, path, body, query, options };
}

/** The groups of the given operations (one document's), `prefix` removed from each id. */
export function buildGroups(
  transport: Transport,
  ids: readonly OperationId[],
  prefix: string,
): Record<string, Record<string, Fn>> {
  const groups: Record<string, Record<string, Fn>> = {};
  for (const id of ids) {
    if (!id.startsWith(prefix)) throw new Error(`${id} does not start with ${prefix}`);
    const name = id.slice(prefix.length);
    const dot = name.indexOf('.');
    const [group, action] = [name.slice(0, dot), name.slice(dot + 1)];
    groups[group] ??= {};
    const methods = groups[group];
    methods[action] = (...args: unknown[]) => transport.call(split(id, args, true));
    if (operationTable[id].paging !== null) {
      methods[iteratorName(action)] = (...args: unknown[]) => {
        const { path, query, options } = split(id, args, false);
        return iterateList(transport, id, path, query, options);
      };
    }
  }
  return groups;
}
