// docs/getting-started.md is run, not only read: its blocks, in order, in one bash shell against a server process
// started as its first block says (WEBHOOK_ALLOW_INSECURE=1 npm start), the example receiver on a free port instead
// of 4000. Until examples/webhook-receiver.mjs exists in this branch (another change brings it), the blocks that start,
// read and stop it are left out and a recording receiver that answers 200 stands in on that port.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideText, runShellGuide } from '../support/guide-shell.js';
import { freePort } from '../support/net.js';
import { aReceiver } from '../support/receiver.js';
import { root, serverProcesses } from '../support/server-process.js';
import { shellBlocks } from '../support/shell-session.js';

const path = 'docs/getting-started.md';
const receiverScript = join(root, 'examples/webhook-receiver.mjs');
const receiverExists = existsSync(receiverScript);

describe(path, () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-getting-started-' });

  it('starts the server the way the test does, and links the next steps', () => {
    const [start] = shellBlocks(guideText(path));
    expect(start?.code.trim()).toBe('npm install && WEBHOOK_ALLOW_INSECURE=1 npm start');
    for (const link of ['../sdk/README.md', 'sandbox.md', 'webhooks.md', 'errors-and-retries.md']) {
      expect(guideText(path)).toContain(`](${link})`);
    }
  });

  it(`reaches a verified webhook, pasted in order${receiverExists ? '' : ' (the receiver stood in for)'}`, async () => {
    let port = await freePort();
    const standIn = receiverExists ? undefined : processes.closeAfterAll(await aReceiver());
    if (standIn) port = Number(new URL(standIn.url).port);
    const usesReceiver = (code: string) => /webhook-receiver\.mjs|receiver\.log|kill %1/.test(code);
    const ran = await runShellGuide(processes, path, {
      serverBlocks: 1,
      serverEnv: { WEBHOOK_ALLOW_INSECURE: '1' },
      rewrite: (code) =>
        code
          .replaceAll('PORT=4000', `PORT=${port}`)
          .replaceAll('127.0.0.1:4000', `127.0.0.1:${port}`)
          .replaceAll('examples/webhook-receiver.mjs', receiverScript),
      before: (block) => receiverExists || !usesReceiver(block.code),
    });
    expect(ran.length).toBeGreaterThanOrEqual(receiverExists ? 8 : 5);
    if (standIn) {
      const types = standIn.received.map((r) => r.body.type);
      expect(types).toEqual(expect.arrayContaining(['webhook_test', 'kyc_completed']));
    }
  }, 120_000);
});
