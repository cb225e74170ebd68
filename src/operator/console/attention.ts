import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { endpointsByIds } from '../../events/endpoints.js';
import { limits } from '../../limits.js';
import { countAuditActionSince } from '../../platform/audit/repo.js';
import { formatMomentToSecond } from '../../platform/browser/format.js';
import type { QueueName } from '../overview/queues.js';
import { overview, queueItems } from '../overview/service.js';
import { bankAttentionQueues } from './bank-files-repo.js';
import { bankQueues } from './bank-files-views.js';
import { queuesPath } from './queues-common.js';
import { webhookEndpointPath, webhooksPath } from './webhooks-views.js';
import { workspaceLabels } from './workspace-names.js';

// What needs a person now (operator console issue, item 3: "a home page of what needs a person now ... each with a
// count and a link"). The counts are the overview's (operator/overview: one SQL definition per queue, the same the
// operator API's GET /admin/v1/overview answers), so the home page, the queues page and the API never disagree.
// Held bank files and bank reversals (issue #27) are overview queues too (in no workspace), linking to the bank
// files page. A failing or disabled endpoint links to its webhook page, where its attempts are (issue 30, item 1), and
// its workspace is named (item 2).

interface Entry {
  readonly queue: QueueName;
  readonly title: string;
  readonly summary: string;
  readonly href: string;
}

const entries: readonly Entry[] = [
  { queue: 'complianceHolds', title: 'Compliance holds', summary: 'Deposits and orders held', href: 'holds' },
  { queue: 'kycReviews', title: 'Manual KYC reviews', summary: 'Documents awaiting a decision', href: 'kyc' },
  { queue: 'amlPotentialMatches', title: 'AML potential matches', summary: 'Confirm or clear', href: 'aml' },
  { queue: 'refundApprovals', title: 'Refunds awaiting approval', summary: 'Refunds to payers', href: 'refunds' },
  { queue: 'supportTickets', title: 'Support tickets', summary: 'Open or in progress', href: 'tickets' },
  {
    queue: 'conversations',
    title: 'Conversations',
    summary: "The partner's message is the last",
    href: 'conversations',
  },
  {
    queue: 'consumedIdempotencyKeys',
    title: 'Idempotency keys left consumed',
    summary: 'Failed or interrupted writes: release on request',
    href: 'idempotency-keys',
  },
];

/** The list of what waits, with counts and links; endpoints failing or disabled named one by one. */
export async function attentionList(ctx: AppContext): Promise<string> {
  const { queues } = await overview(ctx.db, undefined);
  const nowMs = ctx.clock.nowMs();
  const released = await countAuditActionSince(
    ctx.db,
    'admin.idempotencyKeys.release',
    nowMs - limits.consoleRecentlyReleasedMs,
  );
  const endpoints = await queueItems(ctx.db, 'webhookEndpoints', {
    limit: limits.consoleFailingEndpointsShownMax,
    offset: 0,
  });
  const item = (title: string, count: number, summary: string, href: string) =>
    `<li><a href="${esc(href)}"><strong>${esc(title)}</strong><span class="count">${count} ${count === 1 ? 'item' : 'items'}</span><span>${esc(summary)}</span></a></li>`;
  const queueItemsHtml = entries.map((e) => item(e.title, queues[e.queue].count, e.summary, `${queuesPath}/${e.href}`));
  for (const q of bankQueues) {
    queueItemsHtml.push(item(q.title, queues[bankAttentionQueues[q.count]].count, q.summary, q.href));
  }
  queueItemsHtml.push(
    item(
      'Keys released in the last 24 hours',
      released,
      'Each release, who made it and why: the audit log',
      '/console/audit?action=admin.idempotencyKeys.release',
    ),
  );
  const named = new Map(
    (
      await endpointsByIds(
        ctx.db,
        endpoints.map((e) => e.id),
      )
    ).map((e) => [e.id, e]),
  );
  const workspace = await workspaceLabels(
    ctx.db,
    endpoints.map((e) => e.workspaceId),
  );
  const endpointRows = endpoints
    .map((e) => {
      const endpoint = named.get(e.id);
      const url = endpoint ? ` <span class="muted id">${esc(endpoint.url)}</span>` : '';
      return `<li><a href="${esc(webhookEndpointPath(e.id))}">${esc(endpoint?.name ?? e.id)}</a>${url}: ${esc(e.detail ?? '')} since ${esc(formatMomentToSecond(e.sinceMs))}<br>Workspace ${workspace(e.workspaceId)}</li>`;
    })
    .join('\n');
  const failing = queues.webhookEndpoints.count;
  return `<ul class="sections attention">
${queueItemsHtml.join('\n')}
</ul>
<h2>Webhook endpoints failing or disabled: ${failing}</h2>
${
  failing === 0
    ? '<p>None: every active endpoint answered at least one of its last three deliveries.</p>'
    : `<ul>${endpointRows}</ul>${failing > limits.consoleFailingEndpointsShownMax ? `<p>And ${failing - limits.consoleFailingEndpointsShownMax} more.</p>` : ''}<p><a href="${webhooksPath}">Every endpoint failing or disabled, with its attempts</a></p>`
}`;
}
