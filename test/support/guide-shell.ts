// A guide's shell samples run as its reader runs them: a server process started as the guide says (node dist/main.js,
// stage, its data directory ./.data beside the shell), then every ```sh block in order in ONE bash process, each
// comment that shows an answer checked (test/support/shell-session.ts). The reader's server is at 127.0.0.1:3000;
// the test's is on a free port, so that address is rewritten, and the CLI finds it through HOST and PORT.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { childEnv, root, type Server, type ServerProcesses } from './server-process.js';
import { type ShellSession, shellBlocks, shellSession } from './shell-session.js';

export interface GuideBlock {
  readonly heading: string;
  readonly code: string;
}

export function guideText(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

/** The ```json blocks of a guide, parsed. */
export function jsonSamples(path: string): unknown[] {
  return [...guideText(path).matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => JSON.parse(m[1] as string));
}

export interface GuideRun {
  readonly server: Server;
  readonly shell: ShellSession;
  readonly dir: string;
}

export interface GuideOptions {
  /** The variables the guide starts its server with (its first block says so). */
  readonly serverEnv?: Record<string, string>;
  /** Before a block runs: answer false to leave it out (the test then stands in for it itself). */
  readonly before?: (block: GuideBlock, run: GuideRun) => Promise<boolean | undefined> | boolean | undefined;
  /** Rewrites of the block text beside the server address (a receiver's port). */
  readonly rewrite?: (code: string) => string;
  /** How many leading blocks start the server rather than run against it (checked by the caller). */
  readonly serverBlocks?: number;
}

/** Runs every shell block of a guide in order; answers the blocks it ran. */
export async function runShellGuide(
  processes: ServerProcesses,
  path: string,
  options: GuideOptions = {},
): Promise<GuideBlock[]> {
  const blocks = shellBlocks(guideText(path)).slice(options.serverBlocks ?? 0);
  expect(blocks.length, `${path} has shell samples`).toBeGreaterThan(0);
  const dir = processes.freshDir();
  const server = await processes.startHealthy(join(dir, '.data'), options.serverEnv ?? {});
  const shell = shellSession(dir, childEnv({ HOST: '127.0.0.1', PORT: String(server.port) }));
  const ran: GuideBlock[] = [];
  try {
    for (const block of blocks) {
      if ((await options.before?.(block, { server, shell, dir })) === false) continue;
      let code = block.code.replaceAll('http://127.0.0.1:3000', server.url);
      if (options.rewrite) code = options.rewrite(code);
      await shell.runBlock(code);
      ran.push(block);
    }
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}\n--- server log tail:\n${server.stdout.slice(-2000)}`);
  } finally {
    shell.close();
  }
  return ran;
}
