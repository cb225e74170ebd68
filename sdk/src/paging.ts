// Async iterators over the paged lists, following each list's own paging as the operation table records it:
// `page` and `limit` (spec, "List, count and filter conventions": pages from 0, no total, so a short page is the
// last), or the events API's cursor (docs/webhooks.md: `startingAfter` the last eventId of a page while `hasMore`;
// `endingBefore` the newest one, reading towards the present).

import { type OperationId, operationTable } from './operations.js';
import type { Transport } from './transport.js';
import type { CallOptions } from './types.js';

/** The page size an iterator asks for when the caller does not say: the list's maximum, at most 100. */
const pageSizeDefault = 100;

const itemsOf = (answer: unknown, kind: 'array' | 'value'): unknown[] => {
  const items = kind === 'array' ? answer : (answer as { value?: unknown } | undefined)?.value;
  if (!Array.isArray(items)) throw new TypeError('a list answered something other than a list of items');
  return items;
};

export async function* iterateList(
  transport: Transport,
  id: OperationId,
  path: readonly string[],
  query: Record<string, unknown> = {},
  options: CallOptions | undefined = undefined,
): AsyncGenerator<unknown, void, undefined> {
  const paging = operationTable[id].paging;
  if (paging === null) throw new TypeError(`${id} is not a paged list`);
  const limit =
    typeof query.limit === 'number' && query.limit > 0 ? query.limit : Math.min(paging.limitMax, pageSizeDefault);
  if (paging.kind === 'page') {
    for (let page = typeof query.page === 'number' ? query.page : 0; ; page += 1) {
      const answer = await transport.call({ id, path, body: undefined, query: { ...query, limit, page }, options });
      const items = itemsOf(answer, paging.items);
      yield* items;
      if (items.length < limit) return;
    }
  }
  // The events API: newest first by default; with endingBefore each page is yielded oldest first, so that reading
  // towards the present gives the events in the order they were recorded.
  const forward = typeof query.endingBefore === 'string';
  let cursor = (forward ? query.endingBefore : query.startingAfter) as string | undefined;
  for (;;) {
    const pageQuery = { ...query, limit, ...(forward ? { endingBefore: cursor } : { startingAfter: cursor }) };
    const answer = (await transport.call({ id, path, body: undefined, query: pageQuery, options })) as {
      hasMore?: boolean;
    };
    const items = itemsOf(answer, paging.items) as Array<Record<string, unknown>>;
    yield* forward ? [...items].reverse() : items;
    const edge = forward ? items[0] : items[items.length - 1];
    if (answer.hasMore !== true || edge === undefined) return;
    cursor = String(edge[paging.idField]);
  }
}
