import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import type { QueueName } from '../overview/queues.js';
import { overview } from '../overview/service.js';
import { bankAttentionQueues } from './bank-files-repo.js';
import { bankQueues } from './bank-files-views.js';
import { guarded, queuesPath, sendQueuePage } from './queues-common.js';

// The queues (GET /console/queues): what waits for a person, each with its count and a link. Every role sees them
// (they are reads); the actions on each are shown to, and accepted from, the roles the permission table allows.

// The counts are the overview's (operator/overview): one definition per queue, shared with the home page and the
// operator API's GET /admin/v1/overview.
const queues: readonly { path: string; title: string; summary: string; count: QueueName }[] = [
  {
    path: 'holds',
    title: 'Compliance holds',
    summary: 'Deposits and orders held: clear or reject',
    count: 'complianceHolds',
  },
  {
    path: 'kyc',
    title: 'Manual KYC review',
    summary: 'See the captured document; approve or reject',
    count: 'kycReviews',
  },
  {
    path: 'aml',
    title: 'AML matches',
    summary: 'Potential matches: confirm or mark false positive',
    count: 'amlPotentialMatches',
  },
  { path: 'refunds', title: 'Refunds', summary: 'Refunds to payers awaiting approval', count: 'refundApprovals' },
  {
    path: 'tickets',
    title: 'Support tickets',
    summary: 'Open or in progress: read, reply, set status',
    count: 'supportTickets',
  },
  {
    path: 'conversations',
    title: 'Conversations',
    summary: 'Awaiting the brokerage: read, reply, close',
    count: 'conversations',
  },
  {
    path: 'idempotency-keys',
    title: 'Idempotency keys',
    summary: 'Release a key left consumed by a failed write',
    count: 'consumedIdempotencyKeys',
  },
];

export async function queuesIndexRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(queuesPath, guarded('console.view'), async (request, reply) => {
    const { queues: counts } = await overview(ctx.db, undefined);
    const item = (href: string, title: string, count: number, summary: string) =>
      `<li><a href="${esc(href)}"><strong>${esc(title)}</strong><span>${count} waiting</span><span>${esc(summary)}</span></a></li>`;
    const items = [
      ...queues.map((q) => item(`${queuesPath}/${q.path}`, q.title, counts[q.count].count, q.summary)),
      // Held bank files and reversals (issue #27): overview queues in no workspace, shown on the bank files page.
      ...bankQueues.map((q) => item(q.href, q.title, counts[bankAttentionQueues[q.count]].count, q.summary)),
    ].join('\n');
    return sendQueuePage(request, reply, {
      title: 'Queues',
      index: true,
      body: `<p>What waits for a person, oldest first in each queue.</p>\n<ul class="sections">\n${items}\n</ul>`,
    });
  });
}
