// A server process loads what its requests use, when they use it (docs/decisions/performance.md): on PostgreSQL it
// never loads PGlite's module (nor its WebAssembly engine), on PGlite never node-postgres, and on stage neither the QR
// code library nor production's providers (nodemailer). A regression here costs every start its time and memory.
// The process runs with a preloaded hook (test/support/module-log/) that writes each module it loads to a file.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseUrl, root, serverProcesses, stop } from '../support/server-process.js';

const moduleLogHook = pathToFileURL(join(root, 'test/support/module-log/register.mjs')).href;

/** The packages (node_modules/<name>) among the modules a process logged. */
const packagesIn = (log: string): Set<string> =>
  new Set([...log.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1] as string));

describe('what a server process loads', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-lazy-' });

  it("loads only its own store's driver, and the QR code library on an enrolment's first code", async () => {
    const dir = processes.freshDir();
    const logFile = join(dir, 'modules.log');
    const server = await processes.startHealthy(dir, {
      NODE_OPTIONS: `--import=${moduleLogHook}`,
      MODULE_LOG_FILE: logFile,
      ADMIN_TOKEN: 'lazy-loading-admin-token',
    });
    try {
      const atStart = packagesIn(readFileSync(logFile, 'utf8'));
      // The hook works: the process's own framework is in the log.
      expect(atStart).toContain('fastify');
      if (databaseUrl === undefined) {
        expect(atStart).toContain('@electric-sql/pglite');
        expect(atStart).not.toContain('pg');
      } else {
        expect(atStart).toContain('pg');
        expect(atStart).not.toContain('@electric-sql/pglite');
      }
      expect(atStart).not.toContain('qrcode');
      expect(atStart).not.toContain('nodemailer');

      // An operator's enrolment link shows a QR code: the library is loaded then.
      const created = await fetch(`${server.url}/admin/v1/operators`, {
        method: 'POST',
        headers: { authorization: 'Bearer lazy-loading-admin-token', 'content-type': 'application/json' },
        body: JSON.stringify({ email: `lazy-${Date.now()}@example.com`, role: 'compliance' }),
      });
      expect(created.status).toBe(201);
      const { enrolmentUrl } = (await created.json()) as { enrolmentUrl: string };
      const link = new URL(enrolmentUrl);
      const page = await fetch(`${server.url}${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('data:image/svg+xml;base64,');
      expect(packagesIn(readFileSync(logFile, 'utf8'))).toContain('qrcode');
    } finally {
      await stop(server);
    }
  });
});
