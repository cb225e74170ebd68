// The operator CLI's audit log command: who changed what, newest first (GET /admin/v1/audit-log). commands.ts lists
// it after the core commands.

import type { Command, Values } from './command.js';
import { listQuery, optionText } from './option-values.js';
import { UsageError } from './usage-error.js';

const units: Readonly<Record<string, number>> = { m: 60, h: 3_600, d: 86_400 };

/**
 * A moment as Unix seconds: Unix seconds, an ISO 8601 date or time (2025-06-02, 2025-06-02T09:30:00Z), or a span
 * back from now (30m, 12h, 7d).
 */
export function momentOf(raw: string, option: string, nowMs: number): number {
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const span = /^(\d+)([mhd])$/.exec(text);
  if (span) return Math.floor(nowMs / 1000) - Number(span[1]) * (units[span[2] as string] ?? 0);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${option} takes Unix seconds, an ISO date or time, or a span like 30m, 12h or 7d; got "${raw}"`,
    );
  }
  return Math.floor(ms / 1000);
}

/** The query of `audit-log` from its options; --operator is an id, or an e-mail when it holds an @. */
export function auditQuery(values: Values, nowMs: number): string {
  const operator = optionText(values, 'operator');
  const via = optionText(values, 'via');
  if (via !== undefined && !['console', 'api', 'cli'].includes(via)) {
    throw new UsageError(`--via takes console, api or cli, got "${via}"`);
  }
  const since = optionText(values, 'since');
  const until = optionText(values, 'until');
  const before = optionText(values, 'before');
  if (before !== undefined && !/^\d+$/.test(before)) throw new UsageError(`--before takes an entryId, got "${before}"`);
  return listQuery(values, {
    workspaceId: optionText(values, 'workspace'),
    action: optionText(values, 'action'),
    ...(operator === undefined ? {} : operator.includes('@') ? { email: operator } : { operatorId: operator }),
    via,
    from: since === undefined ? undefined : String(momentOf(since, '--since', nowMs)),
    to: until === undefined ? undefined : String(momentOf(until, '--until', nowMs)),
    before,
  });
}

export const auditCommands: readonly Command[] = [
  {
    words: ['audit-log'],
    args: [],
    summary: 'Show the audit log: who changed what, when, from where, before and after (newest first)',
    options: {
      workspace: { type: 'string' },
      action: { type: 'string' },
      operator: { type: 'string' },
      via: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      before: { type: 'string' },
      limit: { type: 'string' },
      page: { type: 'string' },
    },
    optionHelp: [
      '--workspace <id>   only changes concerning this workspace',
      '--action <id>      only this operation, e.g. admin.workspaces.update',
      '--operator <id|email>  only this person; --via console|api|cli: only this channel',
      '--since <t>, --until <t>  Unix seconds, ISO date or time, or a span back from now (30m, 12h, 7d)',
      '--limit <n>, --page <n>, --before <entryId>  paging (--before: entries older than that one)',
    ],
    run: async ({ values, api, print }) =>
      print(await api.request('GET', `/admin/v1/audit-log${auditQuery(values, Date.now())}`)),
  },
];
