// CI's dependency audit (.ci/audit-runtime.mjs) run as .ci/run runs it, with a stand-in `npm` first on the PATH that
// prints a recorded answer: the exit code and the line CI shows for each kind of answer npm audit gives.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../.ci/audit-runtime.mjs', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'brokerage-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'npm'),
  '#!/bin/sh\necho "$@" > "$FAKE_NPM_ARGS"\ncat "$FAKE_NPM_OUTPUT"\nexit "$FAKE_NPM_EXIT"\n',
);
chmodSync(join(dir, 'npm'), 0o755);

/** What this workplace's registry answers (it serves packages, not the advisory endpoint's POST). */
const endpointRefused = {
  message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.example/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
};
const unreachable = { error: { code: 'ENOTFOUND', summary: 'request to the registry failed', detail: '' } };

const report = (vulnerabilities: Record<string, object>) => ({
  auditReportVersion: 2,
  vulnerabilities,
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
    dependencies: { prod: 150, dev: 170, optional: 20, peer: 0, peerOptional: 0, total: 320 },
  },
});
const finding = (name: string, severity: string) => ({
  name,
  severity,
  isDirect: false,
  via: [{ source: 1, name, title: `${name} is unsafe`, url: `https://example.org/advisories/${name}`, severity }],
  effects: [],
  range: '<2.0.0',
  nodes: [`node_modules/${name}`],
  fixAvailable: true,
});

function audit(output: unknown, npmExit: number, env: Record<string, string> = {}) {
  const outputFile = join(dir, 'output.json');
  writeFileSync(outputFile, typeof output === 'string' ? output : JSON.stringify(output));
  const argsFile = join(dir, 'args');
  const run = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dir}:${process.env.PATH}`,
      FAKE_NPM_OUTPUT: outputFile,
      FAKE_NPM_EXIT: String(npmExit),
      FAKE_NPM_ARGS: argsFile,
      AUDIT_REQUIRED: '',
      ...env,
    },
  });
  return { exit: run.status, out: run.stdout, args: readFileSync(argsFile, 'utf8') };
}

describe('the dependency audit of CI', () => {
  it('asks npm audit about runtime dependencies only, at the high level', () => {
    expect(audit(report({}), 0).args).toMatch(/^audit --omit=dev --audit-level=high --json/);
  });

  it.each([
    ['no finding', report({}), 0, {}, 0, /no known high or critical vulnerability in the runtime dependencies \(150/],
    ['moderate findings only', report({ a: finding('a', 'moderate') }), 0, {}, 0, /no known high or critical/],
    ['a high finding', report({ b: finding('b', 'high') }), 1, {}, 1, /b <2\.0\.0 \(high\): b is unsafe .*FAILED/s],
    ['a critical finding', report({ c: finding('c', 'critical') }), 1, {}, 1, /c <2\.0\.0 \(critical\)/],
    ['the endpoint refusing (405)', endpointRefused, 1, {}, 0, /405 Method Not Allowed.*\n.*NOT RUN/],
    ['the registry unreachable', unreachable, 1, {}, 0, /ENOTFOUND.*\n.*NOT RUN/],
    [
      'the endpoint refusing, audit required',
      endpointRefused,
      1,
      { AUDIT_REQUIRED: '1' },
      1,
      /FAILED: AUDIT_REQUIRED=1/,
    ],
    ['output that is not JSON', 'npm ERR! something else', 1, {}, 1, /neither a report nor an error.*FAILED/s],
  ])('%s', (_name, output, npmExit, env, exit, line) => {
    const run = audit(output, npmExit, env);
    expect(run.exit, run.out).toBe(exit);
    expect(run.out).toMatch(line);
  });
});
