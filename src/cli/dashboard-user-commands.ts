// `brokerage dashboard-users ...`: the partner dashboard's people of a workspace (issue 30, item 1), over the operator
// API. A person is named by workspace and e-mail here; the API names them by id, which `dashboard-users list` finds.

import type { Api, Command } from './command.js';
import { requiredText } from './option-values.js';
import { UsageError } from './usage-error.js';

const roles = ['viewer', 'developer', 'admin'];
const once =
  'brokerage: give the invitation link to its person over a trusted channel: it is shown only once and works once';

interface Listed {
  readonly partnerUserId: string;
  readonly email: string;
}

const usersPath = (workspaceId: string) => `/admin/v1/workspaces/${encodeURIComponent(workspaceId)}/dashboard-users`;

/** The id of the person an e-mail names in the workspace (case-insensitive, as the server stores it). */
async function personIdOf(api: Api, workspaceId: string, email: string): Promise<string> {
  const { data } = (await api.request('GET', usersPath(workspaceId))) as { data: Listed[] };
  const found = data.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
  if (!found) throw new UsageError(`No dashboard user of workspace ${workspaceId} has the email ${email}`);
  return found.partnerUserId;
}

const workspaceOption = { workspace: { type: 'string' } } as const;
const workspaceHelp = '--workspace <workspaceId>  required';

export const dashboardUserCommands: readonly Command[] = [
  {
    words: ['dashboard-users', 'invite'],
    args: [],
    summary: "Invite a workspace's engineer to the partner dashboard; prints the link (shown only this once)",
    options: { ...workspaceOption, email: { type: 'string' }, role: { type: 'string' } },
    optionHelp: [
      workspaceHelp,
      '--email <email>          required',
      `--role <role>            required: ${roles.join(', ')}`,
    ],
    run: async ({ values, api, print, warn }) => {
      const workspaceId = requiredText(values, 'workspace', 'dashboard-users invite');
      const email = requiredText(values, 'email', 'dashboard-users invite');
      const role = requiredText(values, 'role', 'dashboard-users invite');
      if (!roles.includes(role)) throw new UsageError(`--role takes ${roles.join(', ')}, got "${role}"`);
      print(await api.request('POST', usersPath(workspaceId), { email: email.trim(), role }));
      warn(once);
    },
  },
  {
    words: ['dashboard-users', 'list'],
    args: [],
    summary: "List a workspace's dashboard users with their role, enrolment and last sign-in",
    options: workspaceOption,
    optionHelp: [workspaceHelp],
    run: async ({ values, api, print }) =>
      print(await api.request('GET', usersPath(requiredText(values, 'workspace', 'dashboard-users list')))),
  },
  {
    words: ['dashboard-users', 'disable'],
    args: [],
    summary: 'Disable a dashboard user: no more sign-ins, every session ends now',
    options: { ...workspaceOption, email: { type: 'string' } },
    optionHelp: [workspaceHelp, '--email <email>          required'],
    run: async ({ values, api, print }) => {
      const workspaceId = requiredText(values, 'workspace', 'dashboard-users disable');
      const id = await personIdOf(api, workspaceId, requiredText(values, 'email', 'dashboard-users disable'));
      print(await api.request('POST', `${usersPath(workspaceId)}/${encodeURIComponent(id)}/disable`));
    },
  },
  {
    words: ['dashboard-users', 'reset'],
    args: [],
    summary:
      'Issue a dashboard user a new link (forgotten password, lost authenticator): password and TOTP are cleared',
    options: { ...workspaceOption, email: { type: 'string' } },
    optionHelp: [workspaceHelp, '--email <email>          required'],
    run: async ({ values, api, print, warn }) => {
      const workspaceId = requiredText(values, 'workspace', 'dashboard-users reset');
      const id = await personIdOf(api, workspaceId, requiredText(values, 'email', 'dashboard-users reset'));
      print(await api.request('POST', `${usersPath(workspaceId)}/${encodeURIComponent(id)}/enrolment`));
      warn(once);
    },
  },
];
