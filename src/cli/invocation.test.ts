// No documented command may run someone else's package (issue #30, item 2). `npx <name>` outside the clone downloads
// and runs whatever the registry holds under that name (a public package named `brokerage` exists), so the bin has a
// name of this project's own and every document writes `npx --no-install <bin>`. Held here: package.json and its
// lock declare that bin; every text that shows the CLI writes it that way; and, with a registry on loopback that
// serves a package under the bin's name whose bin would leave a mark, the documented form run from a directory
// outside the clone refuses without installing or running anything, while plain `npx` (the control) runs it; inside
// the clone the same form runs this CLI without asking the registry for anything.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../test/support/server-process.js';
import { usage } from './brokerage.js';
import { binName, invocation } from './invocation.js';

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

/** Every text a reader is shown the CLI in: the README, the guides, the examples, the SDK's README. */
function documents(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'decisions') return [];
      if (statSync(join(root, path)).isDirectory()) return under(path);
      return /\.(md|mjs|js|ts)$/.test(name) ? [path] : [];
    });
  return ['README.md', 'sdk/README.md', ...under('docs'), ...under('examples')];
}

describe('the bin name and the documented form', () => {
  it('package.json declares one bin, this project own name, and its lock says the same', () => {
    expect(packageJson.bin).toEqual({ [binName]: 'bin/brokerage.js' });
    expect(lock.packages[''].bin).toEqual(packageJson.bin);
    expect(binName).toBe(packageJson.name);
    expect(invocation).toBe(`npx --no-install ${binName}`);
  });

  it('every document and the usage text run the CLI as npx --no-install <bin>', () => {
    const offending: string[] = [];
    let shown = 0;
    for (const path of documents()) {
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // npx, npm exec or npm x, and whatever follows up to the name of the CLI (old or new).
          for (const match of line.matchAll(/\b(npx|npm (?:exec|x))\b[^`'"|;&)]*?\bbrokerage(-partner-api)?\b/g)) {
            shown += 1;
            if (!match[0].startsWith(invocation)) offending.push(`${path}:${index + 1}: ${match[0]}`);
          }
        });
    }
    expect(offending).toEqual([]);
    expect(shown).toBeGreaterThan(60);
    expect(usage()).toMatch(new RegExp(`^Usage: ${invocation} `));
    expect(usage()).not.toMatch(/npx brokerage\b/);
  });
});

/** A registry on loopback holding one package, `name`, whose bin writes `mark` when it runs. */
async function foreignRegistry(name: string, mark: string) {
  // A tar archive of package/package.json and package/cli.js (ustar headers, as npm packs them).
  const entry = (path: string, content: string, mode: number) => {
    const header = Buffer.alloc(512);
    header.write(path, 0);
    header.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${Buffer.byteLength(content).toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write('0', 156);
    header.write('ustar\0', 257);
    header.write('00', 263);
    const sum = [...header].reduce((a, b) => a + b, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    const body = Buffer.alloc(Math.ceil(Buffer.byteLength(content) / 512) * 512);
    body.write(content);
    return Buffer.concat([header, body]);
  };
  const manifest = { name, version: '9.9.9', bin: { [name]: 'cli.js' } };
  const script = `#!/usr/bin/env node\nrequire('node:fs').writeFileSync(${JSON.stringify(mark)}, 'ran');\nconsole.log('FOREIGN PACKAGE RAN');\n`;
  const tarball = gzipSync(
    Buffer.concat([
      entry('package/package.json', JSON.stringify(manifest), 0o644),
      entry('package/cli.js', script, 0o755),
      Buffer.alloc(1024),
    ]),
  );
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url === `/${name}`) {
      const dist = {
        tarball: `${base}/${name}/-/${name}-9.9.9.tgz`,
        shasum: createHash('sha1').update(tarball).digest('hex'),
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
      };
      const packument = { name, 'dist-tags': { latest: '9.9.9' }, versions: { '9.9.9': { ...manifest, dist } } };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument));
    } else if (request.url?.endsWith('.tgz')) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarball);
    } else {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests, server };
}

interface Ran {
  code: number;
  output: string;
}

/** A shell command line, as a reader types it, in `cwd`; npm reads no configuration of this machine's user. */
function shell(command: string, cwd: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', `${command} 2>&1`],
      { cwd, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 280_000, maxBuffer: 1 << 22 },
      (error, stdout) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, output: stdout });
      },
    );
  });
}

describe('the documented form, run by npm', () => {
  let dir = '';
  let registry: Awaited<ReturnType<typeof foreignRegistry>>;
  let npmEnv: Record<string, string> = {};
  const mark = () => join(dir, 'FOREIGN-RAN');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brokerage-outside-'));
    registry = await foreignRegistry(binName, join(dir, 'FOREIGN-RAN'));
    writeFileSync(join(dir, 'empty-npmrc'), '');
    writeFileSync(join(dir, 'empty-global-npmrc'), '');
    npmEnv = {
      HOME: dir,
      npm_config_registry: registry.url,
      npm_config_cache: join(dir, 'npm-cache'),
      // Neither this machine's user configuration (which may say yes=false) nor its global one.
      npm_config_userconfig: join(dir, 'empty-npmrc'),
      npm_config_globalconfig: join(dir, 'empty-global-npmrc'),
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    };
  });

  afterAll(async () => {
    await new Promise((resolve) => registry.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('outside the clone refuses the package the registry holds under that name: nothing installed, nothing run', async () => {
    const outside = mkdtempSync(join(dir, 'project-'));
    const ran = await shell(`${invocation} --help`, outside, npmEnv);
    expect(ran.code, ran.output).not.toBe(0);
    expect(ran.output).toMatch(/canceled due to missing packages|could not determine executable|not found|404/i);
    expect(ran.output).not.toContain('FOREIGN PACKAGE RAN');
    expect(existsSync(mark())).toBe(false);
    expect(registry.requests.filter((r) => r.endsWith('.tgz'))).toEqual([]);
  }, 300_000);

  it('the control: plain npx, without --no-install, downloads that package and runs it', async () => {
    const outside = mkdtempSync(join(dir, 'project-'));
    const ran = await shell(`npx ${binName} --help`, outside, npmEnv);
    expect(ran.output).toContain('FOREIGN PACKAGE RAN');
    expect(existsSync(mark())).toBe(true);
    rmSync(mark());
  }, 300_000);

  it('inside the clone runs this CLI, asking the registry for nothing', async () => {
    const before = registry.requests.length;
    const ran = await shell(`${invocation} --help`, join(root, 'docs'), {
      ...npmEnv,
      npm_config_cache: join(dir, 'npm-cache-inside'),
    });
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/^Usage: .*<command> \[options\]$/m);
    expect(ran.output).toContain('events tail');
    expect(registry.requests.slice(before)).toEqual([]);
    expect(existsSync(mark())).toBe(false);
  }, 300_000);
});
