// What a command of the operator CLI is: its words, arguments, options and what it runs with. Kept apart from the
// command table (commands.ts) so that the files that add commands to the table can name these types.

import type { ParseArgsConfig } from 'node:util';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;

export interface Api {
  /** JSON in and out; with `rawBody`, the body is sent as that text under its content type (a bank file). */
  request(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    rawBody?: { readonly contentType: string },
  ): Promise<unknown>;
}

/** What a command needs to talk to the server beyond the operator API: the partner commands' own requests. */
export interface ServerAccess {
  /** The server's base URL as the global options and the environment name it. */
  readonly url: string;
  /** Whether --url named it (it then wins over BROKERAGE_API_URL). */
  readonly given: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetch: typeof fetch;
  /** Aborted on Ctrl-C. */
  readonly interrupt: AbortSignal | undefined;
}

export interface CommandContext {
  readonly values: Values;
  /** The positional arguments after the command words. */
  readonly args: readonly string[];
  readonly api: Api;
  readonly server: ServerAccess;
  /** Prints a value as pretty JSON on stdout. */
  readonly print: (value: unknown) => void;
  /** Writes text on stdout as it is (a payout file). */
  readonly write: (text: string) => void;
  /** Prints one line on stderr. */
  readonly warn: (line: string) => void;
}

export interface Command {
  /** The words that name the command, e.g. ['workspaces', 'create']. */
  readonly words: readonly string[];
  /** Names of the positional arguments, e.g. ['id']; the command gets exactly these. */
  readonly args: readonly string[];
  /** Added to the message when an argument is missing: the values it takes. */
  readonly argsHelp?: string;
  readonly summary: string;
  readonly options: Options;
  /** One line per option for the usage text. */
  readonly optionHelp: readonly string[];
  /** Resolves to the exit code when it is not 0 (a check that found problems). */
  // biome-ignore lint/suspicious/noConfusingVoidType: most commands return nothing; a check returns its exit code
  readonly run: (ctx: CommandContext) => Promise<void | number>;
}
