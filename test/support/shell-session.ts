// The guides' shell samples, run as a reader pastes them: one bash process per guide, fed block after block on its
// stdin, so variables set by one block reach the next. Each comment line that shows an answer (`# {...}`, `# "..."`,
// `# [...]`, with `…` standing for anything) is checked against a line the commands before it printed.

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { invocation } from '../../src/cli/invocation.js';
import { root } from './server-process.js';

/** The ```sh blocks of a markdown text, with the heading (## or ###) each stands under. */
export function shellBlocks(markdown: string): { heading: string; code: string }[] {
  const blocks: { heading: string; code: string }[] = [];
  let heading = '';
  const pattern = /^(#{2,3} .*)$|^```sh\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(pattern)) {
    if (match[1] !== undefined) heading = match[1].replace(/^#+ /, '');
    else blocks.push({ heading, code: match[2] as string });
  }
  return blocks;
}

/**
 * A comment that shows what the commands above it print: JSON (`{`, `[`, `"`), `…`, true/false, a number, a URL, a
 * receiver's `verified` line, an error type, a status in capitals, an amount and a status, or a header line
 * (`name: value`).
 */
const answerComment =
  /^# ((?:[{["…]|true$|false$|\d+$|http:\/\/|verified |[A-Za-z]+Error$|[A-Z][A-Z_]+$|\d[\d.]* [A-Z]\w*$|[a-z-]+: ).*)$/;

export interface Step {
  /** Shell lines up to and including the comment that shows their answer (or the block's end). */
  readonly code: string;
  /** The answers shown (consecutive comments), each a line the step must print. */
  readonly expected: readonly string[];
}

/** A block cut after each comment that shows an answer. */
export function stepsOf(code: string): Step[] {
  const steps: { code: string; expected: string[] }[] = [];
  let lines: string[] = [];
  for (const line of code.split('\n')) {
    const shown = answerComment.exec(line.trim());
    const previous = steps.at(-1);
    // A comment right after another answer adds a line to that answer.
    if (shown && lines.length === 0 && previous !== undefined) {
      previous.code += `\n${line}`;
      previous.expected.push(shown[1] as string);
      continue;
    }
    lines.push(line);
    if (shown) {
      steps.push({ code: lines.join('\n'), expected: [shown[1] as string] });
      lines = [];
    }
  }
  if (lines.some((line) => line.trim() !== '')) steps.push({ code: lines.join('\n'), expected: [] });
  return steps;
}

/** Whether some printed line is the shown answer, `…` standing for any text. */
export function shows(output: string, expected: string): boolean {
  const pattern = new RegExp(
    `^${expected
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return output.split('\n').some((line) => pattern.test(line.trim()));
}

export interface ShellSession {
  /** Runs shell lines in the session and answers what they printed (stdout and stderr together). */
  run(code: string, timeoutMs?: number): Promise<string>;
  /** Every step of a block in turn, each answer checked; throws naming the step whose answer differs. */
  runBlock(code: string, timeoutMs?: number): Promise<string>;
  /** A variable's value in the session. */
  value(name: string): Promise<string>;
  close(): void;
}

/**
 * A bash process in `cwd` with `env`, stopping at the first failing command (set -e, pipefail). The documented form,
 * `npx --no-install brokerage-partner-api` (src/cli/invocation.ts), runs this checkout's bin/brokerage.js, as npx
 * does inside the project, whatever directory the session is in (src/cli/invocation.test.ts runs it through npm
 * itself); any other npx of the CLI fails, so that no guide can show a form that fetches a package. In a subshell
 * (a background job, a command substitution) node replaces the subshell, so that `kill %1` stops the CLI itself.
 */
export function shellSession(cwd: string, env: NodeJS.ProcessEnv): ShellSession {
  const bash: ChildProcess = spawn('bash', ['--noprofile', '--norc'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let read = 0;
  let count = 0;
  bash.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  bash.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const bin = join(root, 'bin/brokerage.js');
  const [npx, noInstall, name] = invocation.split(' ');
  const shim = [
    `${npx}() {`,
    `  if [ "$1" = ${noInstall} ] && [ "$2" = ${name} ]; then`,
    '    shift 2',
    `    if [ "$BASHPID" != "$$" ]; then exec node '${bin}' "$@"; else node '${bin}' "$@"; fi`,
    `  elif [[ " $* " == *brokerage* ]]; then`,
    `    echo "not the documented form of the CLI (${invocation}): npx $*" >&2; return 127`,
    '  else command npx "$@"; fi',
    '}',
  ].join('\n');
  bash.stdin?.write(`exec 2>&1\nset -eo pipefail\n${shim}\n`);

  const session: ShellSession = {
    run(code, timeoutMs = 60_000) {
      count += 1;
      const marker = `@@step-${count}-done@@`;
      bash.stdin?.write(`${code}\nprintf '\\n%s\\n' '${marker}'\n`);
      return new Promise((resolve, reject) => {
        const deadline = Date.now() + timeoutMs;
        const poll = () => {
          const at = output.indexOf(marker, read);
          if (at !== -1) {
            const printed = output.slice(read, at);
            read = at + marker.length + 1;
            return resolve(printed);
          }
          if (bash.exitCode !== null) {
            return reject(
              new Error(`the shell stopped (exit ${bash.exitCode}) in:\n${code}\nprinting:\n${output.slice(read)}`),
            );
          }
          if (Date.now() > deadline) {
            return reject(new Error(`no end within ${timeoutMs} ms of:\n${code}\nprinting:\n${output.slice(read)}`));
          }
          setTimeout(poll, 25);
        };
        poll();
      });
    },
    async runBlock(code, timeoutMs) {
      let printed = '';
      for (const step of stepsOf(code)) {
        const out = await session.run(step.code, timeoutMs);
        printed += out;
        for (const expected of step.expected) {
          if (!shows(out, expected))
            throw new Error(`expected a line like\n  ${expected}\nafter\n${step.code}\nbut it printed\n${out}`);
        }
      }
      return printed;
    },
    async value(name) {
      const printed = await session.run(`printf '%s' "$${name}"`);
      return printed.replace(/\n$/, '');
    },
    close() {
      if (bash.exitCode === null) bash.kill('SIGKILL');
    },
  };
  return session;
}
