// The terminal tools for a partner's developer (issue #13, item 5; issue #30): `sandbox` makes a stage workspace and
// prints its credentials and a token as shell lines; `events tail` follows a workspace's events through the events
// API; `listen --forward-to` delivers them to a local receiver as the server would; `trigger` makes one happen.

import type { Command, Values } from './command.js';
import { answerText, forwardEvent, forwardTarget, secretRefusal } from './event-forward.js';
import { eventLine, eventSummary, followEvents } from './event-tail.js';
import { runTrigger, triggerHelp, triggerTypeLines } from './event-trigger-run.js';
import { CliFailure } from './http.js';
import { invocation } from './invocation.js';
import { optionText } from './option-values.js';
import { mintToken, partnerApiUrl } from './partner-session.js';
import { UsageError } from './usage-error.js';
import { newSecret } from './webhook-signing.js';

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

/** The event types of --types, comma-separated or repeated. */
function typesOf(values: Values): string[] {
  const raw = values.types;
  return (Array.isArray(raw) ? raw : [])
    .flatMap((value) => String(value).split(','))
    .map((type) => type.trim())
    .filter((type) => type !== '');
}

const intervalMs = (values: Values): number => {
  const interval = optionText(values, 'interval');
  return interval === undefined ? 2000 : wholeNumber(interval, '--interval', 1, 60) * 1000;
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
    optionHelp: ['--name <name>            default "Sandbox <date and time>"', `      eval "$(${invocation} sandbox)"`],
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
      await followEvents(server, {
        types: typesOf(values),
        since: optionText(values, 'since'),
        once: values.once === true,
        intervalMs: intervalMs(values),
        each: (event) => write(eventLine(event)),
      });
    },
  },
  {
    words: ['listen'],
    args: [],
    summary:
      "Deliver a workspace's new events to a local receiver as the server would: the same body and signed headers",
    options: {
      'forward-to': { type: 'string' },
      secret: { type: 'string' },
      types: { type: 'string', multiple: true },
      since: { type: 'string' },
      once: { type: 'boolean' },
      interval: { type: 'string' },
    },
    optionHelp: [
      '--forward-to <url>       required: where to POST each event, e.g. http://127.0.0.1:4000/hooks',
      '--secret <secret>        signs the deliveries; default a new whsec_ secret, printed at start',
      '--types a,b              only these event types (repeatable)',
      '--since <eventId>        also every event after this one; default: only those from now on',
      '--once                   with --since: deliver what is there and exit',
      '--interval <seconds>     how often to ask for new events, 1 to 60, default 2',
    ],
    run: async ({ values, server, write, warn }) => {
      const forwardTo = optionText(values, 'forward-to');
      if (forwardTo === undefined)
        throw new UsageError('listen needs --forward-to <url>, e.g. http://127.0.0.1:4000/hooks');
      const target = forwardTarget(forwardTo);
      const given = optionText(values, 'secret');
      const refusal = given === undefined ? undefined : secretRefusal(given);
      if (refusal !== undefined) throw new UsageError(refusal);
      const since = optionText(values, 'since');
      if (values.once === true && since === undefined) {
        throw new UsageError('listen --once needs --since <eventId>: without it there is nothing to deliver yet');
      }
      const secret = given ?? newSecret();
      const types = typesOf(values);
      const every = intervalMs(values);
      await followEvents(server, {
        types,
        since,
        once: values.once === true,
        intervalMs: every,
        start: 'new',
        command: 'listen',
        ready: () => {
          warn(
            `brokerage: forwarding ${types.length === 0 ? 'every event' : types.join(', ')} of ${partnerApiUrl(server)} to ${target.href}` +
              `${values.once === true ? '' : ' (Ctrl-C stops)'}`,
          );
          warn(
            given === undefined
              ? `brokerage: signing secret ${secret} (X-Service-Signature-256 and webhook-signature; pass --secret to choose it)`
              : 'brokerage: signing with the secret of --secret (X-Service-Signature-256 and webhook-signature)',
          );
        },
        each: async (event) =>
          write(`${eventSummary(event)}  ${answerText(await forwardEvent(target, event, secret))}\n`),
      });
    },
  },
  {
    words: ['trigger'],
    args: ['event-type'],
    argsHelp: triggerHelp(),
    summary: 'Make an event happen in a stage workspace through the partner API and its sandbox helpers',
    options: { wait: { type: 'string' } },
    optionHelp: [
      '--wait <seconds>         how long to wait for the event, 0 to 300, default 60; 0: do not wait',
      '<event-type>             one of:',
      ...triggerTypeLines().map((line) => `  ${line}`),
    ],
    run: async ({ values, args, server, write, warn }) => {
      const wait = optionText(values, 'wait');
      await runTrigger(server, {
        type: args[0] ?? '',
        waitMs: wait === undefined ? 60_000 : wholeNumber(wait, '--wait', 0, 300) * 1000,
        print: write,
        note: warn,
      });
    },
  },
];
