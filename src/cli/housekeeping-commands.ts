// The operator CLI's housekeeping commands: what the last run removed, and a run made due now. commands.ts lists
// them after the core commands.

import type { Command } from './command.js';

const path = '/admin/v1/housekeeping';

export const housekeepingCommands: readonly Command[] = [
  {
    words: ['housekeeping'],
    args: [],
    summary: 'Show what housekeeping removed in its last run, when it runs next, and its horizons',
    options: {},
    optionHelp: [],
    run: async ({ api, print }) => print(await api.request('GET', path)),
  },
  {
    words: ['housekeeping', 'run'],
    args: [],
    summary: 'Make the next housekeeping run due now (one server process runs it; show its outcome afterwards)',
    options: {},
    optionHelp: [],
    run: async ({ api, print }) => print(await api.request('POST', `${path}/run`)),
  },
];
