// README.md is run, not only read: its five-minute tour is pasted, block after block, into ONE bash process against a
// real server process started as the tour says (`WEBHOOK_ALLOW_INSECURE=1 npm start`: node dist/main.js, stage, its
// data directory ./.data beside the shell, SANDBOX_SETTLE_DELAY_MS left at its 2 s default), and every comment that
// shows an answer is checked. The hosted KYC page's three forms are submitted over HTTP between the blocks, as the
// browser would submit them. The blocks about the repository itself (install, test, build) are checked to name
// scripts package.json has.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngBytes } from '../support/kyc-flow.js';
import { childEnv, root, serverProcesses } from '../support/server-process.js';
import { type ShellSession, shellBlocks, shellSession } from '../support/shell-session.js';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = shellBlocks(readme);
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The sections after the tour: their blocks are about the repository, not the API. */
const afterTour = ['Configuration', 'Production', 'Storage and durability', 'Development'];
const tourStart = blocks.findIndex((b) => b.heading === 'A five-minute tour');
const tourEnd = blocks.findIndex((b) => afterTour.includes(b.heading));
const tour = blocks.slice(tourStart, tourEnd === -1 ? blocks.length : tourEnd);

/** Submits a hosted-page form as the browser does (multipart), answering the redirect's target. */
async function submit(url: string, fields: Record<string, string>, photo = false): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (photo) form.set('image', new Blob([pngBytes], { type: 'image/png' }), 'front.png');
  const answer = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status, await answer.text()).toBe(303);
  return String(answer.headers.get('location'));
}

describe('README.md', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-readme-' });

  it('its tour, pasted top to bottom into one bash shell, answers as its comments show', async () => {
    const [start, ...pasted] = tour;
    expect(start?.code.trim()).toMatch(/^WEBHOOK_ALLOW_INSECURE=1 npm start\b/);
    expect(pasted.length).toBeGreaterThan(8);
    const dir = processes.freshDir();
    const server = await processes.startHealthy(join(dir, '.data'), { WEBHOOK_ALLOW_INSECURE: '1' });
    // The shell finds the server as the tour's reader does at :3000; only the port differs.
    const shell: ShellSession = shellSession(dir, childEnv({ HOST: '127.0.0.1', PORT: String(server.port) }));
    try {
      for (const block of pasted) {
        const code = block.code.replaceAll('http://127.0.0.1:3000', server.url);
        if (code.includes('v1/simulate/mailbox')) {
          // The reader opened $KYC_URL and ticked the consent box.
          const opened = await fetch(await shell.value('KYC_URL'), { redirect: 'manual' });
          expect(opened.status).toBe(303);
          const flow = `${server.url}${opened.headers.get('location')}`;
          await submit(`${flow}/consent`, { consent: 'yes' });
          const printed = await shell.runBlock(code);
          const mailedCode = /^\d{6}$/m.exec(printed)?.[0];
          expect(mailedCode, printed).toBeDefined();
          // ...then typed the code and the document into the page.
          await submit(`${flow}/code`, { code: mailedCode as string });
          await submit(
            `${flow}/document`,
            {
              documentType: 'passport',
              documentNumber: 'P7654321',
              expiryDate: '2031-01-31',
              issuingCountry: 'PT',
              sector: '50',
            },
            true,
          );
          continue;
        }
        await shell.runBlock(code);
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server log tail:\n${server.stdout.slice(-3000)}`);
    } finally {
      shell.close();
    }
  }, 180_000);

  it('its commands about the repository name scripts package.json has', () => {
    const repository = blocks.filter((b) => ['Two commands', 'Development'].includes(b.heading));
    expect(repository).toHaveLength(2);
    const scripts = repository.flatMap((b) => [...b.code.matchAll(/npm (?:run )?([\w:]+)/g)].map((m) => m[1]));
    expect(scripts).toEqual(expect.arrayContaining(['install', 'start', 'test', 'build', 'typecheck', 'lint']));
    for (const script of scripts.filter((name) => name !== 'install')) {
      expect(packageJson.scripts, `npm ${script}`).toHaveProperty(script as string);
    }
    expect(packageJson.scripts.start).toBe('node dist/main.js');
  });
});
