// The operator CLI driven against a real in-process server listening on a loopback port.

import type { FastifyInstance } from 'fastify';
import { runCli } from '../../src/cli/brokerage.js';
import { adminToken } from './harness.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON, untyped as JSON.parse answers it. */
  json(): ReturnType<typeof JSON.parse>;
}

/** Starts the app on a loopback port and answers a function that runs `brokerage <argv>` against it. */
export async function cliAgainst(app: FastifyInstance): Promise<(argv: string[]) => Promise<CliRun>> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return async (argv) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['--url', url, '--admin-token', adminToken, ...argv], {
      env: {},
      stdout: (s) => {
        stdout += s;
      },
      stderr: (s) => {
        stderr += s;
      },
    });
    return { code, stdout, stderr, json: () => JSON.parse(stdout) };
  };
}
