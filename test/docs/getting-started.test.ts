// docs/getting-started.md is run, not only read: its blocks, in order, in one bash shell against a server process
// started as its first block says (WEBHOOK_ALLOW_INSECURE=1 npm start), the example receiver on a free port instead
// of 4000 (RECEIVER_PORT); its quickstart step runs examples/quickstart.mjs through the SDK built by `npm test`'s
// pretest, and its last steps forward events to the receiver with `listen` and make one with `trigger`.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideText, runShellGuide } from '../support/guide-shell.js';
import { freePort } from '../support/net.js';
import { root, serverProcesses } from '../support/server-process.js';
import { shellBlocks } from '../support/shell-session.js';

const path = 'docs/getting-started.md';
const receiverScript = join(root, 'examples/webhook-receiver.mjs');

describe(path, () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-getting-started-' });

  it('names the receiver port RECEIVER_PORT, apart from the server PORT, and writes no port number twice', () => {
    const text = guideText(path);
    expect(text).not.toMatch(/(?<!RECEIVER_)PORT=4000|:4000\b/);
    expect(shellBlocks(text).filter((block) => /^RECEIVER_PORT=4000$/m.test(block.code))).toHaveLength(1);
  });

  it('starts the server the way the test does, and links the next steps', () => {
    const [start] = shellBlocks(guideText(path));
    expect(start?.code.trim()).toBe('npm install && WEBHOOK_ALLOW_INSECURE=1 npm start');
    for (const link of ['../sdk/README.md', 'sandbox.md', 'webhooks.md', 'errors-and-retries.md']) {
      expect(guideText(path)).toContain(`](${link})`);
    }
  });

  it('reaches a verified webhook, pasted in order, and runs the SDK quickstart', async () => {
    const port = await freePort();
    const ran = await runShellGuide(processes, path, {
      serverBlocks: 1,
      serverEnv: { WEBHOOK_ALLOW_INSECURE: '1' },
      rewrite: (code) =>
        code
          // The receiver's port is a variable of the guide's own; only its value is chosen here.
          .replace(/^RECEIVER_PORT=4000$/m, `RECEIVER_PORT=${port}`)
          .replaceAll('examples/webhook-receiver.mjs', receiverScript)
          .replaceAll('examples/quickstart.mjs', join(root, 'examples/quickstart.mjs')),
    });
    expect(ran.length).toBeGreaterThanOrEqual(10);
    expect(ran.some((block) => block.code.includes(' listen --forward-to '))).toBe(true);
    expect(ran.some((block) => block.code.includes(' trigger deposit_completed'))).toBe(true);
  }, 120_000);
});
