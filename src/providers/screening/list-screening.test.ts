import { describe, expect, it } from 'vitest';
import type { Queryable, Row } from '../../storage/db.js';
import { listScreening } from './list-screening.js';
import { sandboxEntries } from './sandbox-list.js';

/** A store with no imported list: every query answers no rows. */
const emptyStore: Queryable = { query: async <T extends Row>() => [] as T[], exec: async () => {} };

describe('listScreening', () => {
  it('refuses to screen with no list at all (503), rather than answer an unchecked CLEAR', async () => {
    await expect(
      listScreening(emptyStore).screen({ entityType: 'INDIVIDUAL', name: 'Jane Doe' }),
    ).rejects.toMatchObject({
      type: 'ExternalServiceError',
      status: 503,
    });
  });

  it.each([
    ['INDIVIDUAL', 'Ivan Testsanctioned', ['9900001']],
    ['BUSINESS', 'Ivan Testsanctioned', []],
    ['BUSINESS', 'Sandbox Embargoed Trading', ['9900002']],
    ['INDIVIDUAL', 'Sandbox Embargoed Trading', []],
    ['BUSINESS', 'Sandbox Vessel', []],
  ] as const)('%s %s matches entries %j of the sandbox list', async (entityType, name, ids) => {
    const result = await listScreening(emptyStore, { sandboxEntries }).screen({ entityType, name });
    expect(result.matches.map((m) => m.entryId)).toEqual(ids);
    expect(result.lists).toEqual([{ list: 'SANDBOX', listDate: null, importedAtMs: null }]);
  });
});
