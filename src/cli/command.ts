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

export interface CommandContext {
  readonly values: Values;
  /** The positional arguments after the command words. */
  readonly args: readonly string[];
  readonly api: Api;
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
  readonly summary: string;
  readonly options: Options;
  /** One line per option for the usage text. */
  readonly optionHelp: readonly string[];
  /** Resolves to the exit code when it is not 0 (a check that found problems). */
  // biome-ignore lint/suspicious/noConfusingVoidType: most commands return nothing; a check returns its exit code
  readonly run: (ctx: CommandContext) => Promise<void | number>;
}
