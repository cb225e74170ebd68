// Issue #29, item 5, "Limits complete": every numeric bound and default of the server is in src/limits.ts, named with
// its unit last, and src/config.ts only reads the environment, taking its defaults and bounds from there. Three
// checks keep it so: the names of limits.ts, the numbers written in config.ts, and the numeric constants declared
// anywhere else in src/. Each is a pure function tried on table rows first, so that it is seen to fail.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/check-table-ownership.js';
import { limits } from '../../src/limits.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sourceOf = (path: string) => readFileSync(join(root, path), 'utf8');

// ---------------------------------------------------------------------------------------------------------------
// The names of limits.ts.

/** The units a name may end with; a qualifier (Default, Min, Max) comes before the unit: `mailTimeoutMaxMs`. */
const units = ['Ms', 'Seconds', 'Minutes', 'Hours', 'Days', 'Bytes', 'Bps', 'Ratio', 'PerMinute', 'PerSecond'];
/** A count has no unit: its name ends with one of these. */
const countEndings = ['Max', 'Min', 'Default', 'Count', 'Size'];

const unitLast = new RegExp(`(${units.join('|')})$`);
/** A unit followed by another word: `quoteTtlSecondsMax`, `writeRateLimitPerMinuteDefault`. */
const unitInside = new RegExp(`(${units.join('|')})(?=[A-Z])`);
const countLast = new RegExp(`(${countEndings.join('|')})$`);

/** Why a limit's name breaks the rule, or undefined when it keeps it. */
function namingProblem(name: string): string | undefined {
  const inside = unitInside.exec(name);
  if (inside) return `its unit ${inside[1]} is not last`;
  if (unitLast.test(name) || countLast.test(name)) return undefined;
  return `it ends with neither a unit (${units.join(', ')}) nor a count's ${countEndings.join(', ')}`;
}

describe('limits.ts: every name ends with its unit, or is a count', () => {
  const cases: [name: string, problem: string | undefined][] = [
    ['webhookTimeoutMs', undefined],
    ['accessTokenLifetimeSeconds', undefined],
    ['kycDocumentImageMaxBytes', undefined],
    ['databaseAcquireTimeoutDefaultMs', undefined],
    ['writeRateLimitDefaultPerMinute', undefined],
    ['webhookRetryJitterRatio', undefined],
    ['feeMaxBps', undefined],
    ['eventPageSizeMax', undefined],
    ['jobBatchSize', undefined],
    ['signInFreeFailureCount', undefined],
    ['databasePoolSizeDefault', undefined],
    ['quoteTtlSecondsMax', 'its unit Seconds is not last'],
    ['databaseAcquireTimeoutMsDefault', 'its unit Ms is not last'],
    ['standardWebhookSecretBytesMin', 'its unit Bytes is not last'],
    ['writeRateLimitPerMinuteDefault', 'its unit PerMinute is not last'],
    ['unixSecondsMax', 'its unit Seconds is not last'],
    ['webhookTimeout', expect.stringContaining('ends with neither a unit')],
    ['signInPruneBatch', expect.stringContaining('ends with neither a unit')],
    ['webhookSecretMinLength', expect.stringContaining('ends with neither a unit')],
  ];
  it.each(cases)('%s: %s', (name, problem) => {
    expect(namingProblem(name)).toEqual(problem);
  });

  it('every key of limits.ts keeps the rule', () => {
    const broken = Object.keys(limits).flatMap((name) => {
      const problem = namingProblem(name);
      return problem === undefined ? [] : [`${name}: ${problem}`];
    });
    expect(broken).toEqual([]);
  });

  it('every limit is a positive finite number (or a list of them)', () => {
    const odd = Object.entries(limits).filter(([, value]) => {
      const values: readonly unknown[] = Array.isArray(value) ? value : [value];
      return values.length === 0 || !values.every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0);
    });
    expect(odd).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The numbers config.ts writes.

/** The numeric literals of a TypeScript text (not those inside strings, templates' text or regular expressions). */
function numericLiterals(text: string): number[] {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const found: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node) || ts.isBigIntLiteral(node)) found.push(Number(node.text.replace(/n$/, '')));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A default or a bound in config.ts comes from limits.ts; 0 and 1 are not bounds of anything (an empty, a first). */
const literalsConfigMayWrite = new Set([0, 1]);

describe('config.ts: reads the environment, its defaults and bounds from limits.ts', () => {
  const cases: [text: string, expected: number[]][] = [
    ["integer('PORT', 3000, 0, 65_535)", [3000, 0, 65_535]],
    ["integer('PORT', limits.portDefault, 0, limits.portMax)", [0]],
    ["integer('JOB_RETENTION_DAYS', 7, 1, 3650)", [7, 1, 3650]],
    ['const n = 30 * 86_400;', [30, 86_400]],
    ["if (token.length < 16) problems.push('at least 16 characters');", [16]],
    ['const isHex = /^[0-9a-fA-F]{64}$/.test(raw);', []],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text, scanned, not run
    ['problems.push(`must be ${limits.secretsKeyBytes} bytes, 64 hex digits`);', []],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text, scanned, not run
    ['const label = `entry ${i + 1} of ${n}`;', [1]],
  ];
  it.each(cases)('the numbers of %s', (text, expected) => {
    expect(numericLiterals(text)).toEqual(expected);
  });

  it('src/config.ts writes no number but 0 and 1', () => {
    const written = numericLiterals(sourceOf('src/config.ts')).filter((n) => !literalsConfigMayWrite.has(n));
    expect(written).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Numeric constants declared outside limits.ts.

/** `const name = <a number written out>`: a literal, or arithmetic on literals (`64 * 1024`, `-(2 ** 10)`). */
function isNumberWrittenOut(node: ts.Expression): boolean {
  if (ts.isNumericLiteral(node)) return true;
  if (ts.isParenthesizedExpression(node)) return isNumberWrittenOut(node.expression);
  if (ts.isPrefixUnaryExpression(node)) {
    const sign = node.operator === ts.SyntaxKind.MinusToken || node.operator === ts.SyntaxKind.PlusToken;
    return sign && isNumberWrittenOut(node.operand);
  }
  if (ts.isBinaryExpression(node)) {
    const arithmetic = [
      ts.SyntaxKind.PlusToken,
      ts.SyntaxKind.MinusToken,
      ts.SyntaxKind.AsteriskToken,
      ts.SyntaxKind.SlashToken,
      ts.SyntaxKind.AsteriskAsteriskToken,
    ];
    return (
      arithmetic.includes(node.operatorToken.kind) && isNumberWrittenOut(node.left) && isNumberWrittenOut(node.right)
    );
  }
  return false;
}

/** Every `const` of a file (at any depth) whose value is a number written out, with that value. */
function numericConstants(text: string): { name: string; value: string }[] {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const found: { name: string; value: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const) {
      for (const d of node.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && isNumberWrittenOut(d.initializer)) {
          found.push({ name: d.name.text, value: d.initializer.getText(file) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The length of a unit in milliseconds, declared where it converts: not a bound of anything. */
const unitLengths: Record<string, string> = { dayMs: '86_400_000', hourMs: '3_600_000' };

/**
 * The numeric constants that are not bounds or defaults: a format's fixed sizes, a standard's parameters, a drawing's
 * coordinates, an example's date. Each says why; one that no longer occurs must leave the list.
 */
const notBounds: { file: string; name: string; why: string }[] = [
  { file: 'src/providers/wallets/derive.ts', name: 'externalChain', why: 'BIP 44: the external chain is 0' },
  {
    file: 'src/providers/wallets/derive.ts',
    name: 'derivationIndexLimit',
    why: 'BIP 32: hardened indexes start at 2^31',
  },
  { file: 'src/providers/wallets/extended-key.ts', name: 'accountDepth', why: 'BIP 44: an account key is at depth 3' },
  { file: 'src/providers/bank-files/verify-controls.ts', name: 'SCALE', why: 'ISO 20022 amounts: 5 decimals at most' },
  { file: 'src/providers/bank-files/nacha-records.ts', name: 'RECORD_LENGTH', why: 'NACHA: 94-character records' },
  { file: 'src/providers/bank-files/nacha-records.ts', name: 'BLOCKING_FACTOR', why: 'NACHA: blocks of 10 records' },
  {
    file: 'src/providers/screening/name-match.ts',
    name: 'matchThreshold',
    why: "the matcher's scoring model, set on the test tables beside it",
  },
  {
    file: 'src/providers/screening/name-match.ts',
    name: 'screenedWeight',
    why: "the matcher's scoring model, set on the test tables beside it",
  },
  { file: 'src/platform/error-envelope.ts', name: 'contentTooLarge', why: 'an HTTP status code (413)' },
  { file: 'src/platform/openapi-examples.ts', name: 'exampleNowSeconds', why: "the examples' fixed now" },
  { file: 'src/workspaces/password.ts', name: 'keyLength', why: "scrypt's derived key: 32 bytes, as stored" },
  { file: 'src/storage/migrate.ts', name: 'migrationLockKey', why: 'the advisory lock of migrations: an id' },
  { file: 'src/storage/postgres.ts', name: 'int8', why: "PostgreSQL's type oid of int8" },
  { file: 'src/storage/postgres.ts', name: 'int8Array', why: "PostgreSQL's type oid of int8[]" },
  { file: 'src/platform/browser/totp.ts', name: 'periodSeconds', why: 'RFC 6238: a 30-second time step' },
  { file: 'src/platform/browser/password.ts', name: 'saltBytes', why: "scrypt's salt, as stored" },
  { file: 'src/platform/browser/password.ts', name: 'hashBytes', why: "scrypt's hash, as stored" },
  {
    file: 'src/operator/console/audit-views.ts',
    name: 'secondsCeiling',
    why: 'reads a recorded number as Unix seconds below it (a display heuristic)',
  },
  { file: 'src/domain/screening/date-of-birth.ts', name: 'circaYears', why: "an OFAC 'circa' date: a year each way" },
  { file: 'src/domain/pricing/quote-pricing.ts', name: 'RATE_DECIMALS', why: "a rate's exact decimal precision" },
  { file: 'src/domain/charts/svg.ts', name: 'viewWidth', why: "the drawing's coordinate system" },
  { file: 'src/domain/charts/svg.ts', name: 'viewHeight', why: "the drawing's coordinate system" },
  { file: 'src/domain/charts/svg.ts', name: 'visibleMinHeight', why: "the drawing's coordinate system" },
];

/**
 * Bounds that belong in limits.ts but were left where they are while their files were being changed by other work
 * (issue #29, item 5). The list only shrinks: move the constant, then remove its row.
 */
const knownStrays: { file: string; name: string }[] = [];

/** The CLI imports no server code (rule cli-talks-http), so it keeps its own; its tests hold them to limits.ts. */
const mayKeepOwnNumbers = (file: string) => file.startsWith('src/cli/');

const isAllowed = (file: string, c: { name: string; value: string }) =>
  unitLengths[c.name] === c.value ||
  mayKeepOwnNumbers(file) ||
  [...notBounds, ...knownStrays].some((e) => e.file === file && e.name === c.name);

describe('src/: no numeric constant outside limits.ts but a format, a standard or a unit', () => {
  const cases: [text: string, expected: string[]][] = [
    ['const fanOutBatch = 500;', ['fanOutBatch = 500']],
    ['export const pageSizeMax = 500;', ['pageSizeMax = 500']],
    ['const formBodyLimitBytes = 64 * 1024;', ['formBodyLimitBytes = 64 * 1024']],
    ['function f() { const waitMs = (5 * 60_000); return waitMs; }', ['waitMs = (5 * 60_000)']],
    ['const negative = -1;', ['negative = -1']],
    ['let restMs = 0;', []],
    ['const pageSizeMax = limits.listPageSizeMax;', []],
    ['const ms = limits.kycLinkTtlMs * 2;', []],
    ["const label = '500';", []],
  ];
  it.each(cases)('%s declares %j', (text, expected) => {
    expect(numericConstants(text).map((c) => `${c.name} = ${c.value}`)).toEqual(expected);
  });

  const files = sourceFiles(root).filter((f) => f !== 'src/limits.ts' && !f.startsWith('src/catalogue/'));
  const declared = files.flatMap((file) => numericConstants(sourceOf(file)).map((c) => ({ file, ...c })));

  it('every numeric constant of src/ is in limits.ts, or listed here with why it is not a bound', () => {
    const strays = declared.filter((c) => !isAllowed(c.file, c)).map((c) => `${c.file}: ${c.name} = ${c.value}`);
    expect(strays).toEqual([]);
  });

  it('every row of the lists still names a numeric constant of its file', () => {
    const gone = [...notBounds, ...knownStrays].filter(
      (e) => !declared.some((c) => c.file === e.file && c.name === e.name),
    );
    expect(gone).toEqual([]);
  });

  it('the lists name each constant once', () => {
    const keys = [...notBounds, ...knownStrays].map((e) => `${e.file}::${e.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
