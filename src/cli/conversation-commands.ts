// `brokerage conversations ...`: the brokerage's side of conversations with partners about their end users
// (operator API /admin/v1/conversations). A message may carry files (--attach, repeatable): JPEG, PNG or PDF.

import type { Command } from './command.js';
import { attachments, listQuery, optionText, optionTexts, requiredText } from './option-values.js';

const path = (id: string, rest = '') => `/admin/v1/conversations/${encodeURIComponent(id)}${rest}`;
const attachHelp = '--attach <file>          JPEG, PNG or PDF up to 5 MB (repeatable, at most 3)';

export const conversationCommands: readonly Command[] = [
  {
    words: ['conversations', 'list'],
    args: [],
    summary: "List conversations, newest first: every workspace's, or one's",
    options: {
      workspace: { type: 'string' },
      'end-user': { type: 'string' },
      status: { type: 'string', multiple: true },
      limit: { type: 'string' },
      page: { type: 'string' },
    },
    optionHelp: [
      '--workspace <id>         one workspace only',
      '--end-user <email>       one end user only',
      '--status OPEN|CLOSED     repeatable',
      '--limit <n> --page <n>   page size (default 50, at most 500) and page from 0',
    ],
    run: async ({ values, api, print }) => {
      const query = listQuery(values, {
        workspaceId: optionText(values, 'workspace'),
        endUserEmail: optionText(values, 'end-user'),
        status: optionTexts(values, 'status'),
      });
      print(await api.request('GET', `/admin/v1/conversations${query}`));
    },
  },
  {
    words: ['conversations', 'show'],
    args: ['id'],
    summary: 'Show one conversation with its messages',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => print(await api.request('GET', path(args[0] ?? ''))),
  },
  {
    words: ['conversations', 'open'],
    args: [],
    summary: "Open a conversation with a workspace about one of its end users; the partner's webhooks hear it",
    options: {
      workspace: { type: 'string' },
      'end-user': { type: 'string' },
      subject: { type: 'string' },
      message: { type: 'string' },
      attach: { type: 'string', multiple: true },
    },
    optionHelp: [
      '--workspace <id>         required',
      '--end-user <email>       required: the end user it is about',
      '--subject <text>         required',
      '--message <text>         required: the first message',
      attachHelp,
    ],
    run: async ({ values, api, print }) => {
      const name = 'conversations open';
      const body = {
        workspaceId: requiredText(values, 'workspace', name),
        endUserEmail: requiredText(values, 'end-user', name),
        subject: requiredText(values, 'subject', name),
        message: requiredText(values, 'message', name),
        attachments: attachments(values),
      };
      print(await api.request('POST', '/admin/v1/conversations', body));
    },
  },
  {
    words: ['conversations', 'reply'],
    args: ['id'],
    summary: 'Write to an open conversation as the brokerage',
    options: { message: { type: 'string' }, attach: { type: 'string', multiple: true } },
    optionHelp: ['--message <text>         required', attachHelp],
    run: async ({ values, args, api, print }) => {
      const body = {
        message: requiredText(values, 'message', 'conversations reply'),
        attachments: attachments(values),
      };
      print(await api.request('POST', path(args[0] ?? '', '/messages'), body));
    },
  },
  {
    words: ['conversations', 'close'],
    args: ['id'],
    summary: 'Close a conversation: nobody writes to it again',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => print(await api.request('POST', path(args[0] ?? '', '/close'))),
  },
];
