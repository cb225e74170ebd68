// The terminal tools for a partner's developer (issue #13, item 5): `sandbox` makes a stage workspace and prints its
// credentials and a token as shell lines; `events tail` follows a workspace's events through the events API.

import type { Command } from './command.js';
import { followEvents } from './event-tail.js';
import { CliFailure } from './http.js';
import { optionText } from './option-values.js';
import { mintToken, partnerApiUrl } from './partner-session.js';
import { UsageError } from './usage-error.js';

/** A word as a POSIX shell reads it back unchanged: bare when it holds no special character, else single-quoted. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.split("'").join(`'\\''`)}'`;
}

const wholeNumber = (raw: string, option: string, min: number, max: number): number => {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
};

interface CreatedWorkspace {
  workspaceId: string;
  clientId: string;
  username: string;
  password: string;
}

export const partnerCommands: readonly Command[] = [
  {
    words: ['sandbox'],
    args: [],
    summary: 'Create a stage workspace; prints its credentials and a token as shell export lines (stage only)',
    options: { name: { type: 'string' } },
    optionHelp: ['--name <name>            default "Sandbox <date and time>"', '      eval "$(npx brokerage sandbox)"'],
    run: async ({ values, api, server, write, warn }) => {
      const name = optionText(values, 'name') ?? `Sandbox ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
      if (name.trim() === '') throw new UsageError('sandbox: --name must not be blank');
      // The operator API says which environment it serves: a production server moves real money and has no sandbox.
      const { environment } = (await api.request('GET', '/admin/v1/capabilities')) as { environment: string };
      if (environment !== 'stage') {
        throw new CliFailure(
          `refused: the server at ${server.url} runs ${environment}; sandbox workspaces exist only on stage ` +
            '(use workspaces create for a production workspace)',
        );
      }
      const created = (await api.request('POST', '/admin/v1/workspaces', {
        name,
        simulation: true,
      })) as CreatedWorkspace;
      const apiUrl = partnerApiUrl(server);
      const minted = await mintToken(server, apiUrl, created);
      const exports: [string, string][] = [
        ['BROKERAGE_API_URL', apiUrl],
        ['BROKERAGE_CLIENT_ID', created.clientId],
        ['BROKERAGE_USERNAME', created.username],
        ['BROKERAGE_PASSWORD', created.password],
        ['BROKERAGE_TOKEN', minted.token],
      ];
      write(exports.map(([variable, value]) => `export ${variable}=${shellQuote(value)}\n`).join(''));
      warn(
        `brokerage: workspace ${created.workspaceId} ("${name}") created; the password is shown only this once ` +
          `(workspaces rotate ${created.workspaceId} issues a new one)`,
      );
      warn(
        `brokerage: BROKERAGE_TOKEN lasts ${minted.expiresInSeconds} seconds; mint another from the credentials ` +
          '(POST /oauth/token), as events tail and the SDK do by themselves',
      );
    },
  },
  {
    words: ['events', 'tail'],
    args: [],
    summary: "Print a workspace's events as they happen (partner credentials from the environment); Ctrl-C stops",
    options: {
      types: { type: 'string', multiple: true },
      since: { type: 'string' },
      once: { type: 'boolean' },
      interval: { type: 'string' },
    },
    optionHelp: [
      '--types a,b              only these event types (repeatable)',
      '--since <eventId>        every event after this one; default: the last 10, then new ones',
      '--once                   print what is there and exit instead of following',
      '--interval <seconds>     how often to ask for new events, 1 to 60, default 2',
    ],
    run: async ({ values, server, write }) => {
      const raw = values.types;
      const types = (Array.isArray(raw) ? raw : [])
        .flatMap((value) => String(value).split(','))
        .map((type) => type.trim())
        .filter((type) => type !== '');
      const interval = optionText(values, 'interval');
      await followEvents(server, {
        types,
        since: optionText(values, 'since'),
        once: values.once === true,
        intervalMs: interval === undefined ? 2000 : wholeNumber(interval, '--interval', 1, 60) * 1000,
        print: write,
      });
    },
  },
];
