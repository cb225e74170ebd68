// `brokerage operators ...`: the console's accounts (operator console issue, item 1), over the operator API. An
// account is named by its email here; the API names it by id, which `operators list` finds.

import type { Api, Command } from './command.js';
import { requiredText } from './option-values.js';
import { UsageError } from './usage-error.js';

const roles = ['viewer', 'support', 'compliance', 'admin'];
const once =
  'brokerage: give the enrolment link to its person over a trusted channel: it is shown only once and works once';

interface Listed {
  readonly operatorId: string;
  readonly email: string;
}

/** The id of the account an email names (case-insensitive, as the server stores it). */
async function operatorIdOf(api: Api, email: string): Promise<string> {
  const operators = (await api.request('GET', '/admin/v1/operators')) as Listed[];
  const found = operators.find((o) => o.email.toLowerCase() === email.trim().toLowerCase());
  if (!found) throw new UsageError(`No operator has the email ${email}`);
  return found.operatorId;
}

const operatorPath = (id: string, action: string) => `/admin/v1/operators/${encodeURIComponent(id)}/${action}`;

export const operatorCommands: readonly Command[] = [
  {
    words: ['operators', 'create'],
    args: [],
    summary: 'Create a console operator; prints the enrolment link (shown only this once) that sets password and TOTP',
    options: { email: { type: 'string' }, role: { type: 'string' } },
    optionHelp: ['--email <email>          required', `--role <role>            required: ${roles.join(', ')}`],
    run: async ({ values, api, print, warn }) => {
      const email = requiredText(values, 'email', 'operators create');
      const role = requiredText(values, 'role', 'operators create');
      if (!roles.includes(role)) throw new UsageError(`--role takes ${roles.join(', ')}, got "${role}"`);
      print(await api.request('POST', '/admin/v1/operators', { email: email.trim(), role }));
      warn(once);
    },
  },
  {
    words: ['operators', 'list'],
    args: [],
    summary: 'List console operators with their role, enrolment and last sign-in',
    options: {},
    optionHelp: [],
    run: async ({ api, print }) => print(await api.request('GET', '/admin/v1/operators')),
  },
  {
    words: ['operators', 'disable'],
    args: [],
    summary: 'Disable an operator: no more sign-ins, every session ends now',
    options: { email: { type: 'string' } },
    optionHelp: ['--email <email>          required'],
    run: async ({ values, api, print }) => {
      const id = await operatorIdOf(api, requiredText(values, 'email', 'operators disable'));
      print(await api.request('POST', operatorPath(id, 'disable')));
    },
  },
  {
    words: ['operators', 'sessions', 'revoke'],
    args: [],
    summary: 'End every console session of an operator (a lost laptop); the account stays usable',
    options: { email: { type: 'string' } },
    optionHelp: ['--email <email>          required'],
    run: async ({ values, api, print }) => {
      const id = await operatorIdOf(api, requiredText(values, 'email', 'operators sessions revoke'));
      print(await api.request('POST', operatorPath(id, 'revoke-sessions')));
    },
  },
  {
    words: ['operators', 'reset'],
    args: [],
    summary: 'Issue a new enrolment link (forgotten password, lost authenticator): password and TOTP are cleared',
    options: { email: { type: 'string' } },
    optionHelp: ['--email <email>          required'],
    run: async ({ values, api, print, warn }) => {
      const id = await operatorIdOf(api, requiredText(values, 'email', 'operators reset'));
      print(await api.request('POST', operatorPath(id, 'enrolment')));
      warn(once);
    },
  },
];
