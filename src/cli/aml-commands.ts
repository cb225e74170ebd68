// The operator CLI's AML commands: the sanctions list import (from the files operators download from OFAC) and the
// review of potential matches. brokerage.ts lists them after the core commands.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Command, UsageError, type Values } from './commands.js';

const resolutions = ['CONFIRMED_MATCH', 'FALSE_POSITIVE'];
const statuses = ['CLEAR', 'POTENTIAL_MATCH', ...resolutions];

const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

/** A file of the folder by name, whatever its case (OFAC has published both sdn.csv and SDN.CSV). */
function fileIn(dir: string, name: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new UsageError(`--dir ${dir} is not a readable folder`);
  }
  const found = names.find((n) => n.toLowerCase() === name);
  return found === undefined ? undefined : join(dir, found);
}

/** A file's text: UTF-8 when it is valid UTF-8, else Latin-1 (older OFAC files), which keeps every byte. */
function read(path: string): string {
  const bytes = readFileSync(path);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** The file's modification day (YYYY-MM-DD, UTC): a download tool that keeps the server's date makes it OFAC's. */
const dayOf = (path: string): string => statSync(path).mtime.toISOString().slice(0, 10);

export const amlCommands: readonly Command[] = [
  {
    words: ['sanctions', 'import'],
    args: [],
    summary: 'Import (or re-import) the OFAC SDN list from its CSV files: sdn.csv and alt.csv in one folder',
    options: { dir: { type: 'string' }, 'list-date': { type: 'string' } },
    optionHelp: [
      '--dir <folder>           required; holds sdn.csv and alt.csv as downloaded from OFAC',
      "--list-date YYYY-MM-DD   the list's publication date; default: sdn.csv's modification date",
    ],
    run: async ({ values, api, print, warn }) => {
      const dir = text(values, 'dir');
      if (dir === undefined || dir.trim() === '') throw new UsageError('sanctions import needs --dir <folder>');
      const sdn = fileIn(dir, 'sdn.csv');
      if (sdn === undefined) throw new UsageError(`no sdn.csv in ${dir}`);
      const alt = fileIn(dir, 'alt.csv');
      if (alt === undefined) warn(`brokerage: no alt.csv in ${dir}: aliases will not be screened`);
      let listDate = text(values, 'list-date');
      if (listDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(listDate)) {
        throw new UsageError(`--list-date takes YYYY-MM-DD, got "${listDate}"`);
      }
      if (listDate === undefined) {
        listDate = dayOf(sdn);
        warn(`brokerage: list date ${listDate} taken from the modification date of ${sdn}`);
      }
      print(
        await api.request('POST', '/admin/v1/sanctions-lists/ofac-sdn', {
          sdnCsv: read(sdn),
          ...(alt === undefined ? {} : { altCsv: read(alt) }),
          listDate,
        }),
      );
    },
  },
  {
    words: ['sanctions', 'lists'],
    args: [],
    summary: 'Show the imported sanctions lists, their dates and sizes',
    options: {},
    optionHelp: [],
    run: async ({ api, print }) => print(await api.request('GET', '/admin/v1/sanctions-lists')),
  },
  {
    words: ['aml', 'list'],
    args: [],
    summary: "List every workspace's AML screenings, newest first",
    options: { status: { type: 'string' }, limit: { type: 'string' }, page: { type: 'string' } },
    optionHelp: [`--status <status>        ${statuses.join(' | ')} (POTENTIAL_MATCH: the review queue)`],
    run: async ({ values, api, print }) => {
      const query = new URLSearchParams();
      const status = text(values, 'status');
      if (status !== undefined) {
        if (!statuses.includes(status)) throw new UsageError(`--status takes ${statuses.join(', ')}, got "${status}"`);
        query.set('status', status);
      }
      for (const name of ['limit', 'page']) {
        const value = text(values, name);
        if (value === undefined) continue;
        if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
        query.set(name, value);
      }
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      print(await api.request('GET', `/admin/v1/aml-screenings${suffix}`));
    },
  },
  {
    words: ['aml', 'resolve'],
    args: ['screeningId'],
    summary: 'Resolve a POTENTIAL_MATCH: CONFIRMED_MATCH stops the account moving money; FALSE_POSITIVE clears it',
    options: { status: { type: 'string' }, note: { type: 'string' } },
    optionHelp: [`--status <status>        required: ${resolutions.join(' | ')}`, '--note <text>            why'],
    run: async ({ values, args, api, print }) => {
      const status = text(values, 'status');
      if (status === undefined || !resolutions.includes(status)) {
        throw new UsageError(`aml resolve needs --status ${resolutions.join(' or ')}`);
      }
      const note = text(values, 'note');
      const path = `/admin/v1/aml-screenings/${encodeURIComponent(args[0] ?? '')}/resolution`;
      print(await api.request('POST', path, { status, ...(note === undefined ? {} : { note }) }));
    },
  },
];
