// `brokerage`: the operator CLI over the HTTP operator API (/admin/v1). Commands live in commands.ts (and the AML ones
// in aml-commands.ts); this file parses the command line, finds the server and the operator token, and turns failures
// into messages and exit codes.

import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { amlCommands } from './aml-commands.js';
import { type Api, type Command, commands as coreCommands, type Options, UsageError, type Values } from './commands.js';
import { CliFailure, exchange, HttpError, Interrupted } from './http.js';
import { invocation } from './invocation.js';
import { partnerCommands } from './partner-commands.js';

/** What the operator CLI calls itself on every request; platform/actor.ts knows its prefix. */
export const cliUserAgent = 'brokerage-cli/1';

export interface CliIo {
  readonly env: Record<string, string | undefined>;
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  readonly fetch?: typeof fetch;
  /** Aborted on Ctrl-C: a request in flight stops, and a command that follows events ends cleanly. */
  readonly interrupt?: AbortSignal;
}

const commands: readonly Command[] = [...coreCommands, ...amlCommands, ...partnerCommands];
const globalOptions: Options = {
  url: { type: 'string' },
  'admin-token': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export function usage(): string {
  const lines = [`Usage: ${invocation} [--url <url>] [--admin-token <token>] <command> [options]`, '', 'Commands:'];
  for (const command of commands) {
    const args = command.args.map((a) => ` <${a}>`).join('');
    lines.push(`  ${`${command.words.join(' ')}${args}`.padEnd(26)} ${command.summary}`);
    for (const option of command.optionHelp) lines.push(`      ${option}`);
  }
  lines.push(
    `  ${'help'.padEnd(26)} Show this text (also --help, -h)`,
    '',
    'Global options:',
    '  --url <url>              the server; default $BROKERAGE_URL, else http://$HOST:$PORT (127.0.0.1:3000)',
    '  --admin-token <token>    the operator token; default $ADMIN_TOKEN, else the file $DATA_DIR/admin-token',
    '',
    'Environment:',
    '  BROKERAGE_URL            base URL of the server',
    '  HOST, PORT               where the server listens, when BROKERAGE_URL is unset',
    '  ADMIN_TOKEN              the operator token',
    '  DATA_DIR                 the server data directory (default ./.data), read for admin-token',
    '  BROKERAGE_API_URL        the partner API for events tail, listen and trigger (default: the server above)',
    '  BROKERAGE_TOKEN          a partner access token for them; renewed from the three below when it expires',
    "  BROKERAGE_CLIENT_ID, BROKERAGE_USERNAME, BROKERAGE_PASSWORD   a workspace's credentials (sandbox prints them)",
    '',
    'Output is JSON on stdout (sandbox prints shell lines; events tail, listen and trigger one line per event).',
    'Exit codes: 0 done, 1 the server refused or could not be reached, 2 usage error, 130 interrupted.',
  );
  return `${lines.join('\n')}\n`;
}

const setting = (env: CliIo['env'], name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function baseUrl(values: Values, env: CliIo['env']): string {
  const given = typeof values.url === 'string' ? values.url : setting(env, 'BROKERAGE_URL');
  let raw = given;
  if (raw === undefined) {
    const host = setting(env, 'HOST') ?? '127.0.0.1';
    // A server listening on every interface is reached on the loopback one.
    const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
    raw = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${setting(env, 'PORT') ?? 3000}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`the server URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`the server URL must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function adminToken(values: Values, env: CliIo['env']): string {
  if (typeof values['admin-token'] === 'string' && values['admin-token'] !== '') return values['admin-token'];
  const fromEnv = setting(env, 'ADMIN_TOKEN');
  if (fromEnv !== undefined) return fromEnv;
  const path = resolve(setting(env, 'DATA_DIR') ?? './.data', 'admin-token');
  let token = '';
  try {
    token = readFileSync(path, 'utf8').trim();
  } catch {
    // Reported below, the same as an empty file.
  }
  if (token === '') {
    throw new UsageError(
      `no operator token: pass --admin-token, set ADMIN_TOKEN, or start the server once so that it writes ${path}`,
    );
  }
  return token;
}

function httpApi(url: string, token: () => string, doFetch: typeof fetch, interrupt?: AbortSignal): Api {
  return {
    async request(method, path, body, rawBody) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token()}`,
        accept: 'application/json',
        // The audit log records a bearer request with this user agent as the CLI's (platform/actor.ts).
        'user-agent': cliUserAgent,
      };
      if (body !== undefined) headers['content-type'] = rawBody?.contentType ?? 'application/json';
      const encoded = body === undefined ? undefined : rawBody === undefined ? JSON.stringify(body) : String(body);
      const answer = await exchange(doFetch, url, path, { method, headers, body: encoded }, interrupt);
      return answer.body;
    },
  };
}

/** The command named by the leading positional arguments: the longest match in the table. */
function findCommand(positionals: readonly string[]): Command {
  const matches = commands.filter((c) => c.words.every((word, i) => positionals[i] === word));
  const best = matches.sort((a, b) => b.words.length - a.words.length)[0];
  if (best) return best;
  const group = commands.filter((c) => c.words[0] === positionals[0]).map((c) => c.words.slice(1).join(' '));
  const given = positionals.slice(0, 2).join(' ');
  if (group.length > 0 && positionals.length === 1) throw new UsageError(`${given} needs one of: ${group.join(', ')}`);
  throw new UsageError(`unknown command "${given}"`);
}

function parse(argv: string[], options: Options, strict: boolean) {
  return parseArgs({ args: argv, options, strict, allowPositionals: true });
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let secret: string | undefined;
  // The operator token is never printed, even if some message were to quote it.
  const redact = (s: string) => (secret !== undefined && secret.length >= 8 ? s.split(secret).join('***') : s);
  const stdout = (s: string) => io.stdout(redact(s));
  const stderr = (s: string) => io.stderr(redact(s));
  try {
    // A first, lenient pass over every known option finds the command; the second, strict one checks its options.
    const everyOption: Options = Object.assign({}, ...commands.map((c) => c.options), globalOptions);
    const loose = parse(argv, everyOption, false);
    const first = loose.positionals[0];
    if (first === undefined || first === 'help' || loose.values.help === true) {
      stdout(usage());
      return 0;
    }
    const command = findCommand(loose.positionals);
    const parsed = parse(argv, { ...command.options, ...globalOptions }, true);
    const values = parsed.values as Values;
    if (typeof values['admin-token'] === 'string') secret = values['admin-token'];
    const args = parsed.positionals.slice(command.words.length);
    const name = command.words.join(' ');
    if (args.length < command.args.length) {
      const help = command.argsHelp === undefined ? '' : `: ${command.argsHelp}`;
      throw new UsageError(`${name} needs ${command.args.map((a) => `<${a}>`).join(' ')}${help}`);
    }
    if (args.length > command.args.length)
      throw new UsageError(`${name}: unexpected argument "${args[command.args.length]}"`);
    const url = baseUrl(values, io.env);
    const token = () => {
      secret ??= adminToken(values, io.env);
      return secret;
    };
    const doFetch = io.fetch ?? fetch;
    const code = await command.run({
      values,
      args,
      api: httpApi(url, token, doFetch, io.interrupt),
      server: { url, given: typeof values.url === 'string', env: io.env, fetch: doFetch, interrupt: io.interrupt },
      print: (value) => stdout(`${JSON.stringify(value, null, 2)}\n`),
      write: (text) => stdout(text),
      warn: (line) => stderr(`${line}\n`),
    });
    return code ?? 0;
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    if (error instanceof HttpError) {
      stderr(`brokerage: ${error.status} ${error.type}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof CliFailure) {
      stderr(`brokerage: ${error.message}\n`);
      return 1;
    }
    const parseError = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || parseError) {
      stderr(`brokerage: ${(error as Error).message}\nRun ${invocation} --help for the commands and options.\n`);
      return 2;
    }
    stderr(`brokerage: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** The process entry point: bin/brokerage.js calls it. */
export async function main(): Promise<void> {
  // The first Ctrl-C lets the command end by itself (events tail stops polling and exits 0); a second one kills.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort();
  };
  process.on('SIGINT', onInterrupt);
  try {
    process.exitCode = await runCli(process.argv.slice(2), {
      env: process.env,
      stdout: (s) => void process.stdout.write(s),
      stderr: (s) => void process.stderr.write(s),
      interrupt: interrupt.signal,
    });
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// `node dist/cli/brokerage.js ...` runs directly; through bin/brokerage.js, main() is called explicitly instead.
if (isEntryPoint()) await main();
