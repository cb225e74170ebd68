// The SQL half of the table ownership check (scripts/check-table-ownership.ts): what one statement, or one part of a
// statement, reads and writes, read from its text alone. No TypeScript and no rules here.

export type AccessKind = 'read' | 'write';

/** Stands for a `${...}` of a template literal: a value, or a table name chosen at run time. */
export const dynamic = '\u00a7';

/** Words that end a FROM item: never an alias. */
const clauseWords = new Set(
  (
    'where join left right inner outer full cross natural on using group order limit offset for union except ' +
    'intersect returning set having window fetch lateral select from values and or as when then else end into ' +
    'do conflict not tablesample with'
  ).split(' '),
);

type Token = { readonly text: string; readonly word: string; readonly quoted: boolean };

/** The SQL with its comments and string constants blanked, as tokens (quoted identifiers unquoted). */
function tokens(sql: string): Token[] {
  const out: Token[] = [];
  const re =
    /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|\$(\w*)\$[\s\S]*?\$\1\$|"((?:[^"]|"")+)"|[A-Za-z_\u00a7][\w$\u00a7]*|\$\d+|::|[(),.;=]|\S/g;
  for (const m of sql.matchAll(re)) {
    const text = m[0];
    if (text.startsWith('--') || text.startsWith('/*')) continue;
    if (text.startsWith("'") || (text.startsWith('$') && m[1] !== undefined)) {
      out.push({ text: "''", word: "''", quoted: false });
      continue;
    }
    if (m[2] !== undefined) {
      const name = m[2].replaceAll('""', '"');
      out.push({ text: name, word: name, quoted: true });
      continue;
    }
    out.push({ text, word: text.toLowerCase(), quoted: false });
  }
  return out;
}

const isName = (t: Token | undefined): t is Token =>
  t !== undefined && (t.quoted || /^[a-z_\u00a7][\w$\u00a7]*$/.test(t.word));

/** Whether the text holds SQL: a statement, or a CTE part that a larger statement takes in. */
export function isSql(text: string): boolean {
  const t = text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  return (
    /\bselect\b[\s\S]*\bfrom\b/i.test(t.replace(/<\/?select\b/gi, '')) ||
    /^\s*select\b/i.test(t) ||
    /\binsert\s+into\b/i.test(t) ||
    /\bupdate\s+(only\s+)?("[^"]+"|[\w.\u00a7]+)(\s+(as\s+)?\w+)?\s+set\b/i.test(t) ||
    /\bdelete\s+from\b/i.test(t) ||
    /\bmerge\s+into\b/i.test(t) ||
    /\btruncate\s+(table\s+)?("[^"]+"|[a-z_][\w.]*)/i.test(t) ||
    /^\s*with\s+(recursive\s+)?\w+\s*(\([^)]*\))?\s+as\s+(not\s+)?(materialized\s+)?\(/i.test(t) ||
    /^\s*\w+\s*(\([^)]*\))?\s+as\s+(not\s+)?(materialized\s+)?\(\s*(select|insert|update|delete|with)\b/i.test(t)
  );
}

/** The names the text defines as CTEs (`with x as (`, `, y as (`, or a part that starts `z as (`). */
export function cteNames(sql: string): Set<string> {
  const names = new Set<string>();
  const toks = tokens(sql);
  for (let i = 0; i < toks.length; i++) {
    const name = toks[i];
    if (!isName(name)) continue;
    const before = toks[i - 1]?.word;
    if (!(i === 0 || before === 'with' || before === 'recursive' || before === ',')) continue;
    let j = i + 1;
    if (toks[j]?.word === '(') {
      while (j < toks.length && toks[j]?.word !== ')') j++;
      j++;
    }
    if (toks[j]?.word !== 'as') continue;
    j++;
    if (toks[j]?.word === 'not') j++;
    if (toks[j]?.word === 'materialized') j++;
    if (toks[j]?.word === '(') names.add(name.quoted ? name.text : name.word);
  }
  return names;
}

export interface SqlAccess {
  readonly table: string;
  readonly kind: AccessKind;
}

/**
 * The tables one SQL text reads and writes, by name as written (schema `public.` dropped, quotes removed); a table
 * chosen at run time is `dynamic`. CTE names are not tables: a read of one is dropped (only reads can name a CTE).
 * Names that are no table of the schema (functions, other schemas' relations) are the caller's to drop.
 */
export function sqlAccesses(sql: string): SqlAccess[] {
  const toks = tokens(sql);
  const ctes = cteNames(sql);
  const found: SqlAccess[] = [];

  /** The relation name starting at toks[i]: [name, index after it], or undefined when none is there. */
  const relationAt = (i: number, columnList = false): [string, number] | undefined => {
    let j = i;
    if (toks[j]?.word === 'only') j++;
    const first = toks[j];
    if (!isName(first) || (!first.quoted && clauseWords.has(first.word))) return undefined;
    let name = first.quoted ? first.text : first.word;
    j++;
    if (toks[j]?.word === '.' && isName(toks[j + 1])) {
      const second = toks[j + 1] as Token;
      name = name === 'public' ? (second.quoted ? second.text : second.word) : `${name}.${second.word}`;
      j += 2;
    }
    // A function call (unnest(...), generate_series(...)), unless an INSERT's column list follows its table.
    if (toks[j]?.word === '(' && !columnList) return undefined;
    return [name, j];
  };
  const add = (name: string, kind: AccessKind) => {
    if (kind === 'read' && ctes.has(name)) return;
    found.push({ table: name.includes(dynamic) ? dynamic : name, kind });
  };
  /** The index after the parenthesis that opens at toks[i] and everything it holds. */
  const afterParens = (i: number): number => {
    let depth = 0;
    for (let k = i; k < toks.length; k++) {
      if (toks[k]?.word === '(') depth++;
      else if (toks[k]?.word === ')' && --depth === 0) return k + 1;
    }
    return toks.length;
  };
  /** Skips an optional alias (and its column list) after a FROM item; answers the index after it. */
  const afterAlias = (j: number): number => {
    let k = j;
    if (toks[k]?.word === 'as') k++;
    const alias = toks[k];
    if (isName(alias) && (alias.quoted || !clauseWords.has(alias.word))) {
      k++;
      if (toks[k]?.word === '(') k = afterParens(k);
    }
    return k;
  };
  /**
   * A FROM list from toks[i]: each relation of it is read; a subquery's or a function's parentheses are skipped (the
   * statements inside are read where the main loop meets them). Commas separate items; any other word ends the list.
   */
  const fromList = (i: number): void => {
    let k = i;
    for (;;) {
      if (toks[k]?.word === 'lateral') k++;
      const r = relationAt(k);
      if (r) {
        add(r[0], 'read');
        k = r[1];
      } else if (toks[k]?.word === '(') k = afterParens(k);
      else if (isName(toks[k]) && toks[k + 1]?.word === '(') k = afterParens(k + 1);
      else return;
      k = afterAlias(k);
      if (toks[k]?.word !== ',') return;
      k++;
    }
  };

  for (let i = 0; i < toks.length; i++) {
    const w = toks[i]?.word;
    const prev = toks[i - 1]?.word;
    if ((w === 'insert' || w === 'merge') && toks[i + 1]?.word === 'into') {
      const r = relationAt(i + 2, true);
      if (r) add(r[0], 'write');
      i += 1;
    } else if (w === 'into' && prev !== 'insert' && prev !== 'merge') {
      // SELECT ... INTO: PL/pgSQL's variables are no tables; a table named here is written.
      const r = relationAt(i + 1, true);
      if (r) add(r[0], 'write');
    } else if (w === 'delete' && toks[i + 1]?.word === 'from') {
      const r = relationAt(i + 2);
      if (r) add(r[0], 'write');
      i += 1;
    } else if (w === 'update' && prev !== 'for' && prev !== 'do' && prev !== 'no' && prev !== 'key') {
      const r = relationAt(i + 1);
      if (r && toks[afterAlias(r[1])]?.word === 'set') add(r[0], 'write');
    } else if (w === 'truncate') {
      let j = i + 1;
      if (toks[j]?.word === 'table') j++;
      for (;;) {
        const r = relationAt(j);
        if (!r) break;
        add(r[0], 'write');
        j = r[1];
        if (toks[j]?.word !== ',') break;
        j++;
      }
    } else if (w === 'from') {
      fromList(i + 1);
    } else if (w === 'join' || (w === 'using' && toks[i + 1]?.word !== '(')) {
      const r = relationAt(i + 1);
      if (r) add(r[0], 'read');
    }
  }
  return found;
}
