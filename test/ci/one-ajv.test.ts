// Issue #29, item 4, "one Ajv configuration": every schema the server checks data against is compiled by
// src/platform/ajv.ts (compileValidator, and Fastify's validator compiler it registers), so that a request, the
// providers file and the provider service's answers are checked with the same options. A validator made anywhere
// else (a `new Ajv`, an Ajv plugin, TypeBox's checker or compiler) fails here, naming the file. The scan is a pure
// function tried on table rows first, so that it is seen to fail.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The modules a validator is made from: Ajv itself and its dialects (ajv/dist/2020.js), its plugins (ajv-formats,
 * ajv-errors, ajv-keywords), Fastify's default validator compiler and TypeBox's validator compiler for Fastify,
 * TypeBox's value checker and compiler (both generations). Fastify's response serializer is not one: the Ajv that
 * fast-json-stringify builds inside itself chooses the branch of an anyOf an answer takes and checks nothing that
 * came in (src/platform/ajv.ts).
 */
const validatorModules = [
  /^ajv(\/|$)/,
  /^ajv-/,
  /^@fastify\/ajv-compiler(\/|$)/,
  /^@fastify\/type-provider-typebox(\/|$)/,
  /^typebox\/(value|compile)(\/|$)/,
  /^@sinclair\/typebox\/(value|compiler)(\/|$)/,
];
const isValidatorModule = (specifier: string) => validatorModules.some((pattern) => pattern.test(specifier));

/** An import that brings in only types (`import type`, or every name marked `type`) makes no validator. */
function importsOnlyTypes(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

const scriptKinds: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
};
const extensionOf = (path: string) => /\.[cm]?[jt]s$/.exec(path)?.[0] ?? '';

/** Where a text makes or loads a validator: a value import of a validator module, a require of one, a `new Ajv…`. */
function validatorUses(text: string, path = 'x.ts'): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKinds[extensionOf(path)]);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (isValidatorModule(from) && !importsOnlyTypes(node)) found.push(`import from '${from}'`);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (isValidatorModule(from) && !node.isTypeOnly) found.push(`export from '${from}'`);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression) &&
      isValidatorModule(node.moduleReference.expression.text)
    ) {
      found.push(`require('${node.moduleReference.expression.text}')`);
    } else if (ts.isCallExpression(node)) {
      // import('ajv'), require('ajv'), createRequire(import.meta.url)('ajv')
      const [first] = node.arguments;
      const loads =
        node.expression.kind === ts.SyntaxKind.ImportKeyword || /require/i.test(node.expression.getText(file));
      if (loads && first !== undefined && ts.isStringLiteralLike(first) && isValidatorModule(first.text)) {
        found.push(`${node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : 'require'}('${first.text}')`);
      }
    } else if (ts.isNewExpression(node) && /^Ajv/.test(node.expression.getText(file))) {
      found.push(`new ${node.expression.getText(file)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('what makes a validator in a source text', () => {
  const cases: [text: string, expected: string[]][] = [
    ["import { Ajv } from 'ajv';", ["import from 'ajv'"]],
    ["import { Ajv, type ValidateFunction } from 'ajv';", ["import from 'ajv'"]],
    ["import { Ajv2020 } from 'ajv/dist/2020.js';", ["import from 'ajv/dist/2020.js'"]],
    ["import addFormatsModule from 'ajv-formats';", ["import from 'ajv-formats'"]],
    ["import { Value } from 'typebox/value';", ["import from 'typebox/value'"]],
    ["import Value from 'typebox/value';", ["import from 'typebox/value'"]],
    ["import { Compile } from 'typebox/compile';", ["import from 'typebox/compile'"]],
    ["import { TypeCompiler } from '@sinclair/typebox/compiler';", ["import from '@sinclair/typebox/compiler'"]],
    [
      "import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';",
      ["import from '@fastify/type-provider-typebox'"],
    ],
    ["export { Ajv } from 'ajv';", ["export from 'ajv'"]],
    ["const { Ajv } = await import('ajv');", ["import('ajv')"]],
    ["const Ajv = require('ajv');", ["require('ajv')"]],
    ["const Ajv = createRequire(import.meta.url)('ajv');", ["require('ajv')"]],
    ["import Ajv = require('ajv');", ["require('ajv')"]],
    ['const check = new Ajv({ allErrors: true }).compile(schema);', ['new Ajv']],
    ['const ajv = new Ajv2020({ strict: false });', ['new Ajv2020']],
    // What makes none: types, the one configuration's function, TypeBox's schema builder, a word in a string.
    ["import type { ValidateFunction } from 'ajv';", []],
    ["import { type ErrorObject, type ValidateFunction } from 'ajv';", []],
    ["import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';", []],
    ["import { compileValidator } from '../platform/ajv.js';", []],
    ["import { type Static, Type } from 'typebox';", []],
    ["it('ajv', () => {});", []],
    ["const text = 'new Ajv()';", []],
  ];
  it.each(cases)('%s', (text, expected) => {
    expect(validatorUses(text)).toEqual(expected);
  });

  it('reads JavaScript too', () => {
    expect(validatorUses("const Ajv = require('ajv');\nnew Ajv();", 'x.cjs')).toEqual(["require('ajv')", 'new Ajv']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The repository's sources.

/** The folders of the repository that hold code; the SDK (sdk/) has made no validator, and ships without the server. */
const scannedFolders = ['src', 'sdk', 'test', 'simulation', 'scripts', 'bench', 'examples'];
const skippedFolders = new Set(['node_modules', 'dist', 'results']);

function codeFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        const skipped = skippedFolders.has(entry.name) || entry.name.startsWith('.') || entry.name.startsWith('dist-');
        return skipped ? [] : walk(path);
      }
      const isCode = extensionOf(entry.name) !== '' && !/\.d\.[cm]?ts$/.test(entry.name);
      return isCode ? [relative(root, path).split(sep).join('/')] : [];
    });
  return scannedFolders.flatMap((folder) => walk(join(root, folder))).sort();
}

/** The one configuration. */
const configuration = 'src/platform/ajv.ts';

/**
 * The validators that check something other than the server's data, each with why it is not the configuration's. A
 * new one needs a reason as good; one that no longer makes a validator must leave the list.
 */
const outsideTheServer: { file: string; why: string }[] = [
  {
    file: 'test/support/openapi-conformance.ts',
    why:
      'checks every answer the tests receive against the OpenAPI document the app serves, as a client reads it: ' +
      "JSON Schema 2020-12 (OpenAPI 3.1's dialect), every error listed, the document's formats; independent of the " +
      'server, whose route schemas it does not use',
  },
  {
    file: 'test/api/openapi-examples.test.ts',
    why: "checks the published examples against the document's own schemas, in the document's dialect (2020-12)",
  },
  {
    file: 'test/production/provider-protocol-openapi.test.ts',
    why: "compiles every schema of openapi/provider-protocol.json, the provider service builder's document (2020-12)",
  },
];

describe('every validator of the server is made by src/platform/ajv.ts', () => {
  const files = codeFiles();
  const uses = files.flatMap((file) =>
    validatorUses(readFileSync(join(root, file), 'utf8'), file).map((use) => ({ file, use })),
  );

  it('the scan reads the sources it should', () => {
    for (const file of [configuration, 'src/providers/providers-file.ts', 'sdk/src/client.ts']) {
      expect(files).toContain(file);
    }
  });

  it('no file but the configuration, or one listed with why, makes a validator', () => {
    const allowed = new Set([configuration, ...outsideTheServer.map((e) => e.file)]);
    const strays = uses.filter((u) => !allowed.has(u.file)).map((u) => `${u.file}: ${u.use}`);
    expect(strays, 'compile with compileValidator (src/platform/ajv.ts) instead').toEqual([]);
  });

  it('the configuration makes its validators', () => {
    expect(uses.filter((u) => u.file === configuration).map((u) => u.use)).toEqual(
      expect.arrayContaining(["import from 'ajv'", "import from 'ajv-formats'", 'new Ajv']),
    );
  });

  it('every row of the list still makes a validator, and is listed once', () => {
    const gone = outsideTheServer.filter((e) => !uses.some((u) => u.file === e.file)).map((e) => e.file);
    expect(gone).toEqual([]);
    expect(new Set(outsideTheServer.map((e) => e.file)).size).toBe(outsideTheServer.length);
  });
});
