import type { QueueName } from './queues-repo.js';

// What needs a person now (operator console issue, item 3): one queue per kind of work, each defined once as the SQL
// of its rows (queues-repo.ts, whose names and rows are re-exported here for the overview and the console). The
// count and the list of a queue read the same rows, so the count the home page shows is the length of the list it
// links to. Where the operator API already lists a queue, the definition is that list's filter, written again for
// the count and checked equal by test/api/overview-queues.test.ts.

export { type QueueName, queueNames, queueRows } from './queues-repo.js';

/**
 * The queues of the brokerage's own, in no workspace (issue #27: its bank files and statement lines): their rows'
 * workspace_id is null, so with a workspace named they have none, and their lists (which take no workspace) are not
 * named then (service.ts).
 */
export const workspacelessQueues: ReadonlySet<QueueName> = new Set<QueueName>(['heldBankFiles', 'bankReversals']);
