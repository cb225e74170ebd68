// A rolling rotation of SECRETS_KEY under the soak's load (`npm run soak -- --rotate-secrets`), done as
// docs/reliability/rotation.md tells an operator: every process restarted one at a time with the new key B as
// decrypt-only, then again with B sealing and the old key A decrypt-only, then `npm run secrets -- reencrypt`
// (the command's own process, with step 2's configuration) rewrites every stored secret under B, then every process
// restarted with B alone, and `npm run secrets -- status` must say that every stored secret is sealed under it.
// A load balancer's part is played by the load generator: told to stop sending to a process, it lets that process's
// requests finish and says so; then the process's replacement is started with the step's configuration and put in
// service, and only then is the old one stopped (SIGTERM). The load goes on through the other process meanwhile. The soak's checks then hold across the rotation: no error but the write limit,
// every webhook delivery signed with its endpoint's secret, the ledger consistent.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { root, stopProcess, tempDir } from '../lib/processes.mjs';

const run = promisify(execFile);

/** The configurations of the rotation's steps, from the key the servers started with (hex) to a new one. */
export function rotationSteps(keyA, keyB = randomBytes(32).toString('hex')) {
  return {
    keyB,
    restarts: [
      { step: 'B decrypt-only', secrets: { SECRETS_KEY: keyA, SECRETS_DECRYPT_KEYS: keyB } },
      { step: 'B seals, A decrypt-only', secrets: { SECRETS_KEY: keyB, SECRETS_DECRYPT_KEYS: keyA } },
    ],
    reencrypt: { SECRETS_KEY: keyB, SECRETS_DECRYPT_KEYS: keyA },
    last: { step: 'B alone', secrets: { SECRETS_KEY: keyB } },
  };
}

/** `npm run secrets -- <args>` as an operator runs it, against the soak's database: its output lines. */
async function secretsCommand(args, { databaseUrl, secrets }) {
  const { stdout } = await run(process.execPath, ['dist/secrets-command.js', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: tempDir('soak-secrets'), ...secrets },
  });
  return stdout.trim().split('\n');
}

/**
 * Runs the rotation: `servers` (each replaced in place, so that the sampler follows the new process), `start(label,
 * secrets)` (./setup.mjs), `withdraw(index)` resolving once the load has nothing in flight to servers[index],
 * `restore(index, url)`. Answers the timeline (seconds from `startAtMs`, what happened) and the commands' output.
 */
export async function rotateSecrets({ servers, start, withdraw, restore, databaseUrl, keyA, startAtMs, log }) {
  const plan = rotationSteps(keyA);
  const timeline = [];
  const mark = (what) => {
    const atS = Math.round((Date.now() - startAtMs) / 100) / 10;
    timeline.push({ atS, what });
    log(`[${String(Math.round(atS)).padStart(5)} s] rotation: ${what}`);
  };
  const rolling = async ({ step, secrets }) => {
    for (const [index, server] of servers.entries()) {
      await withdraw(index);
      const old = { ...server };
      Object.assign(server, await start(server.label, secrets));
      restore(index, server.url);
      await stopProcess(old);
      mark(`${server.label} replaced (${step}): pid ${old.pid} stopped, pid ${server.pid} serves`);
    }
  };
  mark('started');
  for (const step of plan.restarts) await rolling(step);
  const reencrypted = await secretsCommand(['reencrypt'], { databaseUrl, secrets: plan.reencrypt });
  mark(`re-encrypted: ${reencrypted.at(-1)}`);
  await rolling(plan.last);
  const status = await secretsCommand(['status'], { databaseUrl, secrets: plan.last.secrets });
  mark(`status: ${status.at(-1)}`);
  return {
    timeline,
    reencrypt: reencrypted,
    status,
    endS: timeline.at(-1)?.atS,
    allUnderNewKey: status.at(-1) === 'every stored secret is sealed under SECRETS_KEY',
  };
}
