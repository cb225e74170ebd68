// `brokerage bank-files ...`, `bank-entries ...`, `reconciliation` and `payout-batches ...`: the daily routine of a
// production brokerage connected to its banks by files (docs/operating.md), over the operator API.

import { readFileSync, statSync } from 'node:fs';
import type { Command } from './command.js';
import { BodyNotReceived, CliFailure, HttpError, sizeText } from './http.js';
import { listQuery, optionText } from './option-values.js';
import { UsageError } from './usage-error.js';

const entryPath = (id: string, action: string) => `/admin/v1/bank-entries/${encodeURIComponent(id)}/${action}`;
const filePath = (id: string, action?: string) =>
  `/admin/v1/bank-files/${encodeURIComponent(id)}${action === undefined ? '' : `/${action}`}`;

/** The note an operator's decision on a held file must carry (it is audited). */
function requiredNote(values: Parameters<typeof optionText>[0], command: string): string {
  const note = optionText(values, 'note');
  if (note === undefined) throw new UsageError(`${command} needs --note <text>: why, for the audit log`);
  return note;
}

function fileText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new UsageError(`${path}: cannot read the file${code}`);
  }
}

/**
 * The largest bank file POST /admin/v1/bank-files takes (limits.bankFileBodyLimitBytes, src/limits.ts).
 * The CLI imports no server code (docs/architecture.md, cli-talks-http), so the value is repeated here;
 * bank-commands.test.ts fails when the two part.
 */
export const bankFileLimitBytes = 32 * 1024 * 1024;

const limitText = `${bankFileLimitBytes} bytes (${sizeText(bankFileLimitBytes)})`;

/** A file over the limit this CLI knows: refused before anything is sent. */
const overLimit = (path: string, bytes: number) =>
  new CliFailure(
    `${path} is too large to import: it is ${bytes} bytes (${sizeText(bytes)}) and the server imports bank files of at most ${limitText}. Nothing was sent; ask the bank for the statement in shorter periods`,
  );

/** A file the server, or a proxy in front of it, refused as too large although it is within the limit above. */
const refusedFile = (path: string, bytes: number, answered: string) =>
  new CliFailure(
    `${path} (${sizeText(bytes)}) was refused as too large: ${answered}. The server imports bank files of at most ${limitText}; a proxy in front of it may accept less (nginx: client_max_body_size). Nothing was imported`,
  );

/**
 * The server's refusal of a body over its limit, whichever way it reaches the CLI: the server's own answer (400
 * ValidationError "The request body is too large", src/platform/error-envelope.ts), a proxy's 413, or a connection
 * closed while the file was still being sent (BodyNotReceived, http.ts).
 */
const refusedAsTooLarge = (error: unknown): boolean =>
  error instanceof BodyNotReceived ||
  (error instanceof HttpError &&
    (error.status === 413 || (error.status === 400 && /request body is too large/i.test(error.message))));

/** Refuses a file over the server's limit before reading or sending it, so the operator learns why at once. */
function checkFileSize(path: string): void {
  let bytes: number;
  try {
    bytes = statSync(path).size;
  } catch {
    return; // fileText says why the file cannot be read
  }
  if (bytes > bankFileLimitBytes) throw overLimit(path, bytes);
}

export const bankCommands: readonly Command[] = [
  {
    words: ['bank-files', 'import'],
    args: ['file'],
    summary:
      'Import a bank file (camt.053, camt.054, MT940, pain.002, NACHA returns), verified whole first; importing it again changes nothing',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print, warn }) => {
      const path = args[0] ?? '';
      const contentType = /\.xml$/i.test(path) ? 'application/xml' : 'text/plain';
      checkFileSize(path);
      const text = fileText(path);
      const bytes = Buffer.byteLength(text);
      // Bytes that are not UTF-8 are sent as U+FFFD (3 bytes), so the text sent can outgrow the file.
      if (bytes > bankFileLimitBytes) throw overLimit(path, bytes);
      try {
        const summary = (await api.request('POST', '/admin/v1/bank-files', text, { contentType })) as {
          status?: string;
          fileId?: string;
          reasons?: string[];
        };
        print(summary);
        // A held file moved nothing: say so where a person reads, not only in the JSON.
        if (summary.status === 'held') {
          warn(
            `held: nothing of ${path} moved; it waits for a decision (brokerage bank-files accept|reject ${summary.fileId} --note ...):\n${(summary.reasons ?? []).map((r) => `  - ${r}`).join('\n')}`,
          );
        }
      } catch (error) {
        // A server or proxy with a lower limit than this CLI knows: the same plain words, with what it answered.
        if (!refusedAsTooLarge(error)) throw error;
        const answered = error instanceof HttpError ? `${error.status} ${error.message}` : (error as Error).message;
        throw refusedFile(path, bytes, answered);
      }
    },
  },
  {
    words: ['bank-files', 'list'],
    args: [],
    summary: 'Imported bank files, newest first (--status held: the statements waiting for a decision)',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    optionHelp: [
      '--status <status>        imported, refused or held',
      '--limit <n>              at most 500, default 100',
    ],
    run: async ({ values, api, print }) => {
      print(
        await api.request('GET', `/admin/v1/bank-files${listQuery(values, { status: optionText(values, 'status') })}`),
      );
    },
  },
  {
    words: ['bank-files', 'show'],
    args: ['file'],
    summary: 'One imported bank file: its status and every reason it was refused or held',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => print(await api.request('GET', filePath(args[0] ?? ''))),
  },
  {
    words: ['bank-files', 'accept'],
    args: ['file'],
    summary: "Accept a held file: its statement becomes its account's last one and the file is applied",
    options: { note: { type: 'string' } },
    optionHelp: ['--note <text>            why (required; audited)'],
    run: async ({ values, args, api, print }) => {
      const note = requiredNote(values, 'bank-files accept');
      print(await api.request('POST', filePath(args[0] ?? '', 'accept'), { note }));
    },
  },
  {
    words: ['bank-files', 'reject'],
    args: ['file'],
    summary: 'Reject a held file: nothing of it ever moves money',
    options: { note: { type: 'string' } },
    optionHelp: ['--note <text>            why (required; audited)'],
    run: async ({ values, args, api, print }) => {
      const note = requiredNote(values, 'bank-files reject');
      print(await api.request('POST', filePath(args[0] ?? '', 'reject'), { note }));
    },
  },
  {
    words: ['bank-entries', 'list'],
    args: [],
    summary: 'Imported statement lines, oldest first (--status unmatched: the credits that match nothing)',
    options: {
      status: { type: 'string' },
      currency: { type: 'string' },
      file: { type: 'string' },
      limit: { type: 'string' },
    },
    optionHelp: [
      '--status <status>        credited, unmatched, to_return, payout, other, reversal or reversed',
      '--currency <code>        one currency only',
      '--file <fileId>          the lines of one imported file',
      '--limit <n>              at most 500, default 100',
    ],
    run: async ({ values, api, print }) => {
      const query = listQuery(values, {
        status: optionText(values, 'status'),
        currency: optionText(values, 'currency'),
        fileId: optionText(values, 'file'),
      });
      print(await api.request('GET', `/admin/v1/bank-entries${query}`));
    },
  },
  {
    words: ['bank-entries', 'assign'],
    args: ['entry'],
    summary: 'Credit an unmatched credit to the deposit or order the payer meant',
    options: { deposit: { type: 'string' }, order: { type: 'string' } },
    optionHelp: ['--deposit <id> | --order <id>'],
    run: async ({ values, args, api, print }) => {
      const depositId = optionText(values, 'deposit');
      const orderId = optionText(values, 'order');
      if ((depositId === undefined) === (orderId === undefined)) {
        throw new UsageError('bank-entries assign needs exactly one of --deposit <id> and --order <id>');
      }
      const body = depositId === undefined ? { orderId } : { depositId };
      print(await api.request('POST', entryPath(args[0] ?? '', 'assign'), body));
    },
  },
  {
    words: ['bank-entries', 'return'],
    args: ['entry'],
    summary: 'Mark an unmatched credit to be sent back to its payer',
    options: { note: { type: 'string' } },
    optionHelp: ['--note <text>            why, for the record'],
    run: async ({ values, args, api, print }) => {
      const note = optionText(values, 'note');
      print(await api.request('POST', entryPath(args[0] ?? '', 'return'), note === undefined ? {} : { note }));
    },
  },
  {
    words: ['reconciliation'],
    args: ['currency'],
    summary: "Compare the bank's closing balances of a currency with the ledger, listing every difference",
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => {
      const currency = (args[0] ?? '').toUpperCase();
      print(await api.request('GET', `/admin/v1/reconciliation?currency=${encodeURIComponent(currency)}`));
    },
  },
  {
    words: ['payout-batches', 'cut'],
    args: ['rail'],
    summary: 'Put every payout waiting on a bank-file rail (SEPA, ACH_US) into one new batch',
    options: {},
    optionHelp: [],
    run: async ({ args, api, print }) => {
      print(await api.request('POST', '/admin/v1/payout-batches', { rail: (args[0] ?? '').toUpperCase() }));
    },
  },
  {
    words: ['payout-batches', 'list'],
    args: [],
    summary: 'Payout batches, newest first',
    options: { limit: { type: 'string' } },
    optionHelp: ['--limit <n>              at most 500, default 100'],
    run: async ({ values, api, print }) =>
      print(await api.request('GET', `/admin/v1/payout-batches${listQuery(values, {})}`)),
  },
  {
    words: ['payout-batches', 'file'],
    args: ['batch'],
    summary: "Write a batch's file for the bank (pain.001 or NACHA) on stdout, the same bytes every time",
    options: {},
    optionHelp: [],
    run: async ({ args, api, write }) => {
      write(String(await api.request('GET', `/admin/v1/payout-batches/${encodeURIComponent(args[0] ?? '')}/file`)));
    },
  },
];
