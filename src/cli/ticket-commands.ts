// `brokerage tickets ...`: the brokerage's support desk over partners' support tickets (operator API
// /admin/v1/support-tickets). Statuses: OPEN, IN_PROGRESS, WAITING_ON_PARTNER, RESOLVED, CLOSED (final).

import type { Command } from './command.js';
import { listQuery, optionText, optionTexts, requiredText } from './option-values.js';

const path = (id: string, rest = '') => `/admin/v1/support-tickets/${encodeURIComponent(id)}${rest}`;

export const ticketCommands: readonly Command[] = [
  {
    words: ['tickets', 'list'],
    args: [],
    summary: "List support tickets, newest first: every workspace's, or one's",
    options: {
      workspace: { type: 'string' },
      status: { type: 'string', multiple: true },
      limit: { type: 'string' },
      page: { type: 'string' },
    },
    optionHelp: [
      '--workspace <id>         one workspace only',
      '--status <status>        repeatable: OPEN, IN_PROGRESS, WAITING_ON_PARTNER, RESOLVED, CLOSED',
      '--limit <n> --page <n>   page size (default 50, at most 500) and page from 0',
    ],
    run: async ({ values, api, print }) => {
      const query = listQuery(values, {
        workspaceId: optionText(values, 'workspace'),
        status: optionTexts(values, 'status'),
      });
      print(await api.request('GET', `/admin/v1/support-tickets${query}`));
    },
  },
  {
    words: ['tickets', 'show'],
    args: ['id'],
    summary: 'Show one support ticket with its messages',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => print(await api.request('GET', path(args[0] ?? ''))),
  },
  {
    words: ['tickets', 'reply'],
    args: ['id'],
    summary: 'Reply as support, optionally setting the status with the reply',
    options: { message: { type: 'string' }, status: { type: 'string' } },
    optionHelp: ['--message <text>         required', '--status <status>        e.g. WAITING_ON_PARTNER, RESOLVED'],
    run: async ({ values, args, api, print }) => {
      const status = optionText(values, 'status');
      const body = {
        message: requiredText(values, 'message', 'tickets reply'),
        ...(status === undefined ? {} : { status }),
      };
      print(await api.request('POST', path(args[0] ?? '', '/messages'), body));
    },
  },
  {
    words: ['tickets', 'set'],
    args: ['id'],
    summary: "Set a ticket's status as support (the partner hears support_ticket_updated)",
    options: { status: { type: 'string' } },
    optionHelp: ['--status <status>        required: IN_PROGRESS, WAITING_ON_PARTNER, RESOLVED or CLOSED'],
    run: async ({ values, args, api, print }) => {
      const body = { status: requiredText(values, 'status', 'tickets set') };
      print(await api.request('POST', path(args[0] ?? '', '/status'), body));
    },
  },
];
