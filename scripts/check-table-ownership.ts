// The table ownership check (issue #29, item 2; docs/architecture.md, "Who owns which table"), run by
// `npm run lint:tables` as part of `npm run lint`: reads the SQL of every non-test .ts file under src/ and fails, as
// dependency-cruiser prints an import rule (`  error <rule>: <file> → <table> (owned by <module>)`), when a file
//   - writes (insert, update, delete, merge, truncate) a table its module does not own: table-written-by-its-owner-only;
//   - reads a table its module neither owns nor may read as a declared read model: table-read-by-owner-or-read-model;
//   - is a file of an audience's home (resources/, operator/, hosted/, provider-protocol/) other than a repository
//     (repo*.ts, *-repo.ts) and holds SQL: sql-in-repositories-only.
// Owners, read models and the known violations are data in src/storage/table-owners.ts. A known violation that no
// longer occurs fails the check too (known-violation-gone), so that list only shrinks.
//
// What counts as SQL: a string or template literal (a `+` chain of literals is read as one) that holds a statement
// (select ... from, insert into, update ... set, delete from, merge into, truncate, with ... as (...)) or a CTE part
// (`name as (select ...)`), with every `${...}` read as an opaque value. Comments (TypeScript's and SQL's) and SQL
// string constants are not read; CTE names are no tables. Besides literals, two ways the code names a table as data
// are read: `insertRowSql(p, 'table', ...)` (storage/table-columns.ts) is a write of that table, and a list source's
// `from: '...'` (platform/list-query.ts) is a read of its FROM clause. Where a statement takes its table from a value
// (`from ${table}`), every string literal of the same file that is exactly a table's name counts as that access; a
// name held elsewhere (the re-encryption's, in platform/secrets/sealed-columns.ts) is not seen.
//
//   node --import ./scripts/ts-hooks.mjs scripts/check-table-ownership.ts [--accesses] [--root <dir>]
// --accesses prints every access found, file by file, instead of checking them; --root checks <dir>/src instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { knownViolations, readModels, type TableName, tableOwners } from '../src/storage/table-owners.js';
import { type AccessKind, dynamic, isSql, sqlAccesses } from './table-ownership-sql.js';

// The SQL half, re-exported for the check's tests.
export { type AccessKind, cteNames, dynamic, isSql, type SqlAccess, sqlAccesses } from './table-ownership-sql.js';

export interface Access {
  readonly table: string;
  readonly kind: AccessKind;
  /** 1-based line of the literal in its file. */
  readonly line: number;
}

export const ruleNames = {
  write: 'table-written-by-its-owner-only',
  read: 'table-read-by-owner-or-read-model',
  repositories: 'sql-in-repositories-only',
  gone: 'known-violation-gone',
} as const;

export type RuleName = (typeof ruleNames)[keyof typeof ruleNames];

export interface Violation {
  readonly rule: RuleName;
  readonly file: string;
  /** The table (sql-in-repositories-only: every table the file names, comma-separated). */
  readonly table: string;
  readonly line?: number;
  readonly message: string;
}

// ---------------------------------------------------------------------------------------------------------------
// TypeScript source: its SQL literals, and the other ways it names a table.

export interface SqlText {
  readonly text: string;
  readonly line: number;
}

/** The literal's text with every `${...}` as `dynamic`; undefined when the node is no string or template literal. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((s) => `${dynamic}${s.literal.text}`).join('');
  }
  return undefined;
}

const isPlus = (node: ts.Node): node is ts.BinaryExpression =>
  ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** The operands of a `+` chain, left to right (parentheses around a chain opened). */
function operands(node: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(node) && isPlus(node.expression)) return operands(node.expression);
  return isPlus(node) ? [...operands(node.left), ...operands(node.right)] : [node];
}

export interface SourceFacts {
  /** Every SQL text of the file: its literals that hold SQL, and the FROM clauses of list sources. */
  readonly sql: SqlText[];
  /** Tables written through `insertRowSql(p, 'table', ...)`. */
  readonly rowInserts: SqlText[];
  /** Every string literal of the file, for the tables a statement takes from a value. */
  readonly strings: SqlText[];
}

/** What a TypeScript file says in SQL, read from its syntax tree (so comments never count). */
export function sourceFacts(fileName: string, source: string): SourceFacts {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const facts: SourceFacts = { sql: [], rowInserts: [], strings: [] };
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node: ts.Node): void => {
    // A + chain with a literal in it is one text, each other operand a value (`dynamic`); those operands, and the
    // values inside its template literals, are read on their own.
    if (isPlus(node) && operands(node).some((o) => literalText(o) !== undefined)) {
      const parts = operands(node);
      const whole = parts.map((o) => literalText(o) ?? dynamic).join('');
      if (isSql(whole)) facts.sql.push({ text: whole, line: lineOf(node) });
      if (!whole.includes(dynamic)) facts.strings.push({ text: whole, line: lineOf(node) });
      for (const o of parts) {
        if (ts.isTemplateExpression(o)) for (const span of o.templateSpans) visit(span.expression);
        else if (literalText(o) === undefined) visit(o);
      }
      return;
    }
    const text = literalText(node);
    if (text !== undefined) {
      if (isSql(text)) facts.sql.push({ text, line: lineOf(node) });
      if (!ts.isTemplateExpression(node)) facts.strings.push({ text, line: lineOf(node) });
    }
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === 'from'
    ) {
      const from = literalText(node.initializer);
      if (from !== undefined) facts.sql.push({ text: `select * from ${from}`, line: lineOf(node) });
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'insertRowSql') {
      const table = node.arguments[1];
      const name = table === undefined ? undefined : literalText(table);
      if (name !== undefined) facts.rowInserts.push({ text: name, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return facts;
}

/** The accesses of one file to the given tables, in order of appearance, each once per kind and line. */
export function fileAccesses(fileName: string, source: string, tables: ReadonlySet<string>): Access[] {
  // A file without one of these words holds no SQL: it is not parsed.
  if (!/\b(select|insert|update|delete|merge|truncate)\b|insertRowSql|\bfrom\s*:/i.test(source)) return [];
  const facts = sourceFacts(fileName, source);
  const out: Access[] = [];
  const seen = new Set<string>();
  const push = (table: string, kind: AccessKind, line: number) => {
    const key = `${table} ${kind} ${line}`;
    if (!tables.has(table) || seen.has(key)) return;
    seen.add(key);
    out.push({ table, kind, line });
  };
  const dynamicKinds = new Set<AccessKind>();
  for (const { text, line } of facts.sql) {
    for (const a of sqlAccesses(text)) {
      if (a.table === dynamic) dynamicKinds.add(a.kind);
      else push(a.table, a.kind, line);
    }
  }
  for (const { text, line } of facts.rowInserts) push(text, 'write', line);
  for (const kind of dynamicKinds) for (const { text, line } of facts.strings) push(text, kind, line);
  return out.sort((a, b) => a.line - b.line);
}

// ---------------------------------------------------------------------------------------------------------------
// The rules.

/** The map the rules read: src/storage/table-owners.ts's, or a test's. */
export interface OwnershipMap {
  readonly tableOwners: Readonly<Record<string, string>>;
  readonly readModels: readonly { readonly module: string; readonly tables: 'any' | readonly string[] }[];
  readonly knownViolations: readonly KnownBreak[];
}

/** A known violation as the rules match it (KnownViolation of src/storage/table-owners.ts, less its note). */
export type KnownBreak =
  | { readonly rule: typeof ruleNames.write | typeof ruleNames.read; readonly file: string; readonly table: string }
  | { readonly rule: typeof ruleNames.repositories; readonly file: string };

/** Whether a file (a path from the repository root, with /) is the module: the folder's or the file itself. */
export const within = (file: string, module: string): boolean =>
  file === module || file.startsWith(module.endsWith('/') ? module : `${module}/`);

const mayRead = (file: string, table: string, map: OwnershipMap): boolean =>
  map.readModels.some(
    (m) => within(file, m.module) && (m.tables === 'any' || (m.tables as readonly string[]).includes(table)),
  );

/**
 * The audiences' homes: the partner API's resources, the operator's surface, the partner dashboard, the hosted pages,
 * the provider protocol.
 */
const audienceHome = /^src\/(resources|operator|dashboard|hosted|provider-protocol)\//;

/**
 * Whether a file holds SQL where it belongs: anywhere outside the audiences' homes (shared capabilities, platform),
 * and within them in a repository (`repo.ts`, `repo-*.ts`, `*-repo.ts`; docs/architecture.md, "Where SQL lives").
 */
export const isRepositoryOrOutsideHomes = (file: string): boolean =>
  !audienceHome.test(file) || /(^|\/)repo(-[^/]*)?\.ts$|-repo\.ts$/.test(file);

const sameBreak = (k: KnownBreak, v: Violation): boolean =>
  k.rule === v.rule && k.file === v.file && (k.rule === ruleNames.repositories || k.table === v.table);

/**
 * The breaks of the rules in the files (paths from the repository root, with /, and their text) that are not
 * known, then every known one that no longer occurs. A table rule's break is reported once per file and table, at
 * its first line; sql-in-repositories-only's once per file, naming every table.
 */
export function checkOwnership(
  files: readonly { readonly path: string; readonly source: string }[],
  map: OwnershipMap,
): Violation[] {
  const tables = new Set(Object.keys(map.tableOwners));
  const found: Violation[] = [];
  for (const { path, source } of files) {
    const accesses = fileAccesses(path, source, tables);
    const foreign = accesses.filter((a) => !within(path, map.tableOwners[a.table] as string));
    // A file that writes a table it does not own reads it too, as a rule: the write is the break reported.
    const written = new Set(foreign.filter((a) => a.kind === 'write').map((a) => a.table));
    const seen = new Set<string>();
    for (const access of foreign) {
      if (access.kind === 'read' && (written.has(access.table) || mayRead(path, access.table, map))) continue;
      const rule = access.kind === 'write' ? ruleNames.write : ruleNames.read;
      if (seen.has(`${rule} ${access.table}`)) continue;
      seen.add(`${rule} ${access.table}`);
      const owner = map.tableOwners[access.table] as string;
      const message = `${path} → ${access.table} (owned by ${owner})`;
      found.push({ rule, file: path, table: access.table, line: access.line, message });
    }
    const first = accesses[0];
    if (first !== undefined && !isRepositoryOrOutsideHomes(path)) {
      const named = [...new Set(accesses.map((a) => a.table))].sort().join(', ');
      const message = `${path} → ${named} (within an audience's home, SQL lives in a repo*.ts)`;
      found.push({ rule: ruleNames.repositories, file: path, table: named, line: first.line, message });
    }
  }
  const errors = found.filter((v) => !map.knownViolations.some((k) => sameBreak(k, v)));
  for (const k of map.knownViolations) {
    if (found.some((v) => sameBreak(k, v))) continue;
    const what = k.rule === ruleNames.repositories ? k.file : `${k.file} → ${k.table}`;
    errors.push({
      rule: ruleNames.gone,
      file: k.file,
      table: k.rule === ruleNames.repositories ? '' : k.table,
      message: `${what} no longer breaks ${k.rule}: remove it from knownViolations (src/storage/table-owners.ts)`,
    });
  }
  return errors;
}

/** As dependency-cruiser's err output prints a rule: `  error <rule>: <message>`. */
export const formatViolation = (v: Violation): string => `  error ${v.rule}: ${v.message}`;

// ---------------------------------------------------------------------------------------------------------------
// The command.

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** Every non-test .ts file under the root's src/, as paths from the root with /, sorted. */
export function sourceFiles(root = repositoryRoot): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      const isSource = entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name);
      return isSource ? [relative(root, path).split(sep).join('/')] : [];
    });
  return walk(join(root, 'src')).sort();
}

export const ownershipMap: OwnershipMap = { tableOwners, readModels, knownViolations };

/**
 * Runs the check on the root's src/ (the repository's unless `--root <dir>`), printing as dependency-cruiser's err
 * output does; answers the exit code: 1 on any error. `--accesses` prints what each file reads and writes instead.
 */
export function main(args: readonly string[], print: (line: string) => void = console.log): number {
  const at = args.indexOf('--root');
  const root = at === -1 ? repositoryRoot : (args[at + 1] ?? repositoryRoot);
  const files = sourceFiles(root).map((path) => ({ path, source: readFileSync(join(root, path), 'utf8') }));
  if (args.includes('--accesses')) {
    const tables = new Set(Object.keys(tableOwners));
    for (const { path, source } of files) {
      const accesses = fileAccesses(path, source, tables);
      if (accesses.length === 0) continue;
      print(path);
      for (const a of accesses)
        print(`  ${a.kind} ${a.table} (line ${a.line}, owned by ${tableOwners[a.table as TableName]})`);
    }
    return 0;
  }
  const errors = checkOwnership(files, ownershipMap);
  for (const v of errors) print(formatViolation(v));
  const known = knownViolations.length;
  if (errors.length > 0) {
    print(
      `\nx ${errors.length} table ownership violation${errors.length === 1 ? '' : 's'} (${files.length} files; ` +
        `${known} known ones listed in src/storage/table-owners.ts). See docs/architecture.md, "Who owns which table".\n`,
    );
    return 1;
  }
  print(
    `\u2714 no table ownership violations found (${files.length} files, ${Object.keys(tableOwners).length} tables; ` +
      `${known} known violation${known === 1 ? '' : 's'} listed to fix)`,
  );
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
