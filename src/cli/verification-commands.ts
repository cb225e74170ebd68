// `brokerage verifications ...`: manual KYC review without the console (issue #27), over the operator API: the list
// of verifications (GET /admin/v1/verifications; status REVIEWING is the queue) and the decision on one
// (POST /admin/v1/workspaces/{workspaceId}/verifications/{email}/{approve|reject}).

import type { Command } from './command.js';
import { listQuery, optionText, optionTexts, requiredText } from './option-values.js';
import { UsageError } from './usage-error.js';

const statuses = ['PENDING', 'IN_PROGRESS', 'REVIEWING', 'APPROVED', 'REJECTED'];
const orders = ['oldest', 'newest'];

const decisionOptions = { workspace: { type: 'string' }, email: { type: 'string' } } as const;
const decisionHelp = [
  '--workspace <id>         required: the workspace of the customer',
  '--email <email>          required: the customer (for a business, the representative listed)',
];

function decision(name: 'approve' | 'reject', summary: string): Command {
  return {
    words: ['verifications', name],
    args: [],
    summary,
    options: decisionOptions,
    optionHelp: decisionHelp,
    run: async ({ values, api, print }) => {
      const command = `verifications ${name}`;
      const workspace = requiredText(values, 'workspace', command);
      const email = requiredText(values, 'email', command);
      const path = `/admin/v1/workspaces/${encodeURIComponent(workspace)}/verifications/${encodeURIComponent(email.trim())}/${name}`;
      print(await api.request('POST', path));
    },
  };
}

export const verificationCommands: readonly Command[] = [
  {
    words: ['verifications', 'list'],
    args: [],
    summary:
      "List verifications, oldest first, with the partner's KYC profile and the document typed: every workspace's, or one's",
    options: {
      status: { type: 'string', multiple: true },
      workspace: { type: 'string' },
      order: { type: 'string' },
      limit: { type: 'string' },
      page: { type: 'string' },
    },
    optionHelp: [
      `--status <status>        repeatable: ${statuses.join(', ')} (REVIEWING: waiting for compliance)`,
      '--workspace <id>         one workspace only',
      '--order oldest|newest    default oldest first',
      '--limit <n> --page <n>   page size (default 50, at most 500) and page from 0',
    ],
    run: async ({ values, api, print }) => {
      const chosen = optionTexts(values, 'status').map((s) => s.trim().toUpperCase());
      for (const status of chosen) {
        if (!statuses.includes(status)) throw new UsageError(`--status takes ${statuses.join(', ')}, got "${status}"`);
      }
      const order = optionText(values, 'order');
      if (order !== undefined && !orders.includes(order)) {
        throw new UsageError(`--order takes ${orders.join(' or ')}, got "${order}"`);
      }
      const query = listQuery(values, { status: chosen, workspaceId: optionText(values, 'workspace'), order });
      print(await api.request('GET', `/admin/v1/verifications${query}`));
    },
  },
  decision('approve', 'Approve a verification that is REVIEWING: the customer may move money (audited)'),
  decision('reject', 'Reject a verification that is REVIEWING; final (audited)'),
];
