// The operator CLI's commands: one entry each in `commands`. brokerage.ts parses the arguments, checks the number
// of positional arguments and hands a command its context; a command only validates its own options and calls the API.

import { verificationProfileNames } from '../catalogue/verification-profiles.js';
import { auditCommands } from './audit-commands.js';
import { bankCommands } from './bank-commands.js';
import type { Command, Options, Values } from './command.js';
import { conversationCommands } from './conversation-commands.js';
import { dashboardUserCommands } from './dashboard-user-commands.js';
import { housekeepingCommands } from './housekeeping-commands.js';
import { operatorCommands } from './operator-commands.js';
import { optionText, optionTexts } from './option-values.js';
import { ticketCommands } from './ticket-commands.js';
import { UsageError } from './usage-error.js';
import { verificationCommands } from './verification-commands.js';

export type { Api, Command, CommandContext, Options, Values } from './command.js';
export { UsageError } from './usage-error.js';

const once = 'brokerage: store the password now: it is shown only once (workspaces rotate issues a new one)';
const workspacePath = (id: string) => `/admin/v1/workspaces/${encodeURIComponent(id)}`;
const pairPattern = /^[A-Z]{3,5}\/[A-Z]{3,5}$/;

const text = optionText;
const texts = optionTexts;

/** true, false or undefined for a pair of opposite flags; both at once is a usage error. */
function toggle(values: Values, on: string, off: string): boolean | undefined {
  if (values[on] === true && values[off] === true) throw new UsageError(`--${on} and --${off} exclude each other`);
  return values[on] === true ? true : values[off] === true ? false : undefined;
}

function wholeNumber(raw: string, option: string, min: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new UsageError(`${option} must be a whole number of at least ${min}, got "${raw}"`);
  return Number(raw);
}

const durationUnits: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** A duration written `0` or a whole number with its unit (90s, 30m, 24h, 7d), in seconds. */
function durationSeconds(raw: string, option: string): number {
  const match = /^(\d{1,7})([smhd])$/.exec(raw.trim());
  if (raw.trim() === '0') return 0;
  if (!match) {
    throw new UsageError(`${option} takes 0 or a whole number with a unit, such as 90s, 30m, 24h or 7d; got "${raw}"`);
  }
  return Number(match[1]) * (durationUnits[match[2] ?? 's'] ?? 1);
}

function pair(raw: string, option: string): string {
  const value = raw.trim().toUpperCase();
  if (!pairPattern.test(value))
    throw new UsageError(`${option} takes pairs written ORIGIN/DESTINATION like EUR/USDC, got "${raw}"`);
  return value;
}

interface FeeSchedule {
  defaultBps: number;
  pairs: Record<string, number>;
}

/** The PATCH body of `workspaces set`, built from the given options only. */
function settingsOf(values: Values): { body: Record<string, unknown>; feeChanges: ((fees: FeeSchedule) => void)[] } {
  const body: Record<string, unknown> = {};
  const enabled = toggle(values, 'enable', 'disable');
  if (enabled !== undefined) body.enabled = enabled;
  const simulation = toggle(values, 'simulation', 'no-simulation');
  if (simulation !== undefined) body.simulation = simulation;
  const lifted = toggle(values, 'lift-read-throttle', 'restore-read-throttle');
  if (lifted !== undefined) body.readThrottleLifted = lifted;
  const pairs = text(values, 'pairs');
  if (pairs !== undefined) {
    const list = pairs.split(',').filter((p) => p.trim() !== '');
    if (list.length === 0) throw new UsageError('--pairs needs a comma-separated list of pairs, or all');
    body.enabledPairs = pairs.trim() === 'all' ? null : list.map((p) => pair(p, '--pairs'));
  }
  const writeLimit = text(values, 'write-limit');
  if (writeLimit !== undefined) {
    body.writeLimitPerMinute = writeLimit === 'default' ? null : wholeNumber(writeLimit, '--write-limit', 1);
  }
  const profile = text(values, 'verification-profile');
  if (profile !== undefined) {
    if (!(verificationProfileNames as string[]).includes(profile)) {
      throw new UsageError(`--verification-profile takes ${verificationProfileNames.join(', ')}, got "${profile}"`);
    }
    body.verificationProfile = profile;
  }
  const feeChanges: ((fees: FeeSchedule) => void)[] = [];
  const feeBps = text(values, 'fee-bps');
  if (feeBps !== undefined) {
    const bps = wholeNumber(feeBps, '--fee-bps', 0);
    feeChanges.push((fees) => {
      fees.defaultBps = bps;
    });
  }
  for (const raw of texts(values, 'pair-fee')) {
    const [name = '', bps, ...rest] = raw.split('=');
    if (bps === undefined || rest.length > 0)
      throw new UsageError(`--pair-fee takes PAIR=BPS or PAIR=default, got "${raw}"`);
    const key = pair(name, '--pair-fee');
    const value = bps.trim() === 'default' ? undefined : wholeNumber(bps.trim(), '--pair-fee', 0);
    feeChanges.push((fees) => {
      if (value === undefined) delete fees.pairs[key];
      else fees.pairs[key] = value;
    });
  }
  return { body, feeChanges };
}

const simulationOptions: Options = { simulation: { type: 'boolean' }, 'no-simulation': { type: 'boolean' } };

export const commands: readonly Command[] = [
  {
    words: ['workspaces', 'create'],
    args: [],
    summary: 'Create a workspace; prints its credentials (the password only this once)',
    options: { name: { type: 'string' }, ...simulationOptions },
    optionHelp: [
      '--name <name>            required',
      '--simulation | --no-simulation   sandbox simulation (stage only)',
    ],
    run: async ({ values, api, print, warn }) => {
      const name = text(values, 'name');
      if (name === undefined || name.trim() === '') throw new UsageError('workspaces create needs --name <name>');
      const simulation = toggle(values, 'simulation', 'no-simulation');
      print(
        await api.request('POST', '/admin/v1/workspaces', {
          name,
          ...(simulation === undefined ? {} : { simulation }),
        }),
      );
      warn(once);
    },
  },
  {
    words: ['workspaces', 'list'],
    args: [],
    summary: 'List workspaces, oldest first',
    options: { limit: { type: 'string' }, page: { type: 'string' } },
    optionHelp: ['--limit <n>              1 to 500, default 100', '--page <n>               from 0, default 0'],
    run: async ({ values, api, print }) => {
      const query = new URLSearchParams();
      const limit = text(values, 'limit');
      const page = text(values, 'page');
      if (limit !== undefined) query.set('limit', String(wholeNumber(limit, '--limit', 1)));
      if (page !== undefined) query.set('page', String(wholeNumber(page, '--page', 0)));
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      print(await api.request('GET', `/admin/v1/workspaces${suffix}`));
    },
  },
  {
    words: ['workspaces', 'show'],
    args: ['id'],
    summary: 'Show one workspace and its settings',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => print(await api.request('GET', workspacePath(args[0] ?? ''))),
  },
  {
    words: ['workspaces', 'rotate'],
    args: ['id'],
    summary: 'Issue a new password; the previous one and its tokens keep working for the overlap, then stop',
    options: { overlap: { type: 'string' } },
    optionHelp: [
      '--overlap <duration>     how long the previous password keeps working: 0 (stop now), 90s, 30m, 24h, 7d;',
      "                         default: the server's, 24h; at most 7d",
    ],
    run: async ({ values, args, api, print, warn }) => {
      const overlap = text(values, 'overlap');
      const body = overlap === undefined ? undefined : { overlapSeconds: durationSeconds(overlap, '--overlap') };
      const rotated = (await api.request('POST', `${workspacePath(args[0] ?? '')}/rotate-credentials`, body)) as {
        previousPasswordExpiresAt?: number | null;
      };
      print(rotated);
      warn(once);
      const until = rotated.previousPasswordExpiresAt;
      warn(
        typeof until === 'number'
          ? `brokerage: the previous password and its tokens work until ${new Date(until * 1000).toISOString()} (workspaces revoke-previous ${args[0]} ends that now)`
          : 'brokerage: the previous password no longer works; its tokens stop within seconds',
      );
    },
  },
  {
    words: ['workspaces', 'set'],
    args: ['id'],
    summary: 'Change only the given settings; prints the workspace',
    options: {
      enable: { type: 'boolean' },
      disable: { type: 'boolean' },
      pairs: { type: 'string' },
      'fee-bps': { type: 'string' },
      'pair-fee': { type: 'string', multiple: true },
      'write-limit': { type: 'string' },
      'lift-read-throttle': { type: 'boolean' },
      'restore-read-throttle': { type: 'boolean' },
      'verification-profile': { type: 'string' },
      ...simulationOptions,
    },
    optionHelp: [
      '--enable | --disable',
      '--pairs EUR/USDC,USDC/EUR | --pairs all   enabled pairs; all: every supported pair',
      '--fee-bps <n>            default fee in basis points',
      '--pair-fee PAIR=<n>      fee of one pair (repeatable); PAIR=default removes it',
      '--write-limit <n> | --write-limit default   writes per minute',
      '--lift-read-throttle | --restore-read-throttle',
      '--verification-profile basic|standard|enhanced   KYC fields the provider requires',
      '--simulation | --no-simulation',
    ],
    run: async ({ values, args, api, print }) => {
      const path = workspacePath(args[0] ?? '');
      const { body, feeChanges } = settingsOf(values);
      if (Object.keys(body).length === 0 && feeChanges.length === 0) {
        throw new UsageError('workspaces set needs at least one setting to change');
      }
      if (feeChanges.length > 0) {
        const current = (await api.request('GET', path)) as { feeSchedule: FeeSchedule };
        const fees: FeeSchedule = {
          defaultBps: current.feeSchedule.defaultBps,
          pairs: { ...current.feeSchedule.pairs },
        };
        for (const change of feeChanges) change(fees);
        body.feeSchedule = fees;
      }
      print(await api.request('PATCH', path, body));
    },
  },
  {
    words: ['workspaces', 'revoke-previous'],
    args: ['id'],
    summary: "End a rotation's overlap now: only the current password works (its tokens too); prints the workspace",
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => {
      print(await api.request('POST', `${workspacePath(args[0] ?? '')}/revoke-previous-credentials`));
    },
  },
  {
    words: ['ledger', 'verify'],
    args: [],
    summary: 'Check every ledger entry balances and every balance equals its postings; exit 1 on any difference',
    options: {},
    optionHelp: [],
    run: async ({ api, print, warn }) => {
      const report = (await api.request('GET', '/admin/v1/ledger/verification')) as { consistent: boolean };
      print(report);
      if (report.consistent) return 0;
      warn('brokerage: the ledger is NOT consistent: see problems above');
      return 1;
    },
  },
  {
    words: ['doctor'],
    args: [],
    summary:
      'Say which capabilities are live (production offers only what the providers file connects), and the database role and replication',
    options: {},
    optionHelp: [],
    run: async ({ api, print, warn }) => {
      const report = (await api.request('GET', '/admin/v1/capabilities')) as {
        environment: string;
        capabilities: { capability: string; live: boolean; detail: string }[];
      };
      const database = (await api.request('GET', '/admin/v1/database')) as {
        store: string;
        synchronousStandbyNames: string;
        standbys: { name: string; sync: string }[];
      };
      print({ ...report, database });
      const offline = report.capabilities.filter((c) => !c.live).map((c) => c.capability);
      if (offline.length > 0) warn(`brokerage: not offered on this server: ${offline.join(', ')}`);
      // Issue 31: only synchronous replication keeps an acknowledged write through a failover.
      if (database.store === 'postgres' && database.synchronousStandbyNames.trim() === '') {
        warn(
          'brokerage: no commit waits for a standby (synchronous_standby_names is empty): a failover may lose acknowledged writes',
        );
      }
    },
  },
  ...conversationCommands,
  ...ticketCommands,
  ...bankCommands,
  ...housekeepingCommands,
  ...operatorCommands,
  ...dashboardUserCommands,
  ...auditCommands,
  ...verificationCommands,
];
