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

  interface Case {
    readonly name: string;
    /** What npm audit prints (an object is printed as JSON), and its exit code. */
    readonly printed: unknown;
    readonly npmExit: number;
    readonly env?: Record<string, string>;
    /** The step's exit code, and a line it prints. */
    readonly exit: number;
    readonly says: RegExp;
  }
  const cases: Case[] = [
    { name: 'no finding', printed: report({}), npmExit: 0, exit: 0, says: /no known high or critical .* \(150/ },
    {
      name: 'moderate findings only',
      printed: report({ a: finding('a', 'moderate') }),
      npmExit: 0,
      exit: 0,
      says: /no known high or critical/,
    },
    {
      name: 'a high finding',
      printed: report({ b: finding('b', 'high') }),
      npmExit: 1,
      exit: 1,
      says: /b <2\.0\.0 \(high\): b is unsafe .*FAILED/s,
    },
    {
      name: 'a critical finding',
      printed: report({ c: finding('c', 'critical') }),
      npmExit: 1,
      exit: 1,
      says: /c <2\.0\.0 \(critical\)/,
    },
    { name: 'the endpoint refusing (405)', printed: endpointRefused, npmExit: 1, exit: 0, says: /405 .*\n.*NOT RUN/ },
    { name: 'the registry unreachable', printed: unreachable, npmExit: 1, exit: 0, says: /ENOTFOUND.*\n.*NOT RUN/ },
    {
      name: 'the endpoint refusing, the audit required',
      printed: endpointRefused,
      npmExit: 1,
      env: { AUDIT_REQUIRED: '1' },
      exit: 1,
      says: /FAILED: AUDIT_REQUIRED=1/,
    },
    { name: 'output that is not JSON', printed: 'npm ERR! other', npmExit: 1, exit: 1, says: /neither .*FAILED/s },
  ];

  it.each(cases)('$name', ({ printed, npmExit, env, exit, says }) => {
    const run = audit(printed, npmExit, env);
    expect(run.exit, run.out).toBe(exit);
    expect(run.out).toMatch(says);
  });
});
