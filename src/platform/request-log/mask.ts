import { limits } from '../../limits.js';
import { redact, redactedMember } from '../audit/redaction.js';

// A body's JSON text masked by the rule of data at rest, as platform/audit/redaction.ts applies it: the text that
// `JSON.stringify(redact(JSON.parse(text)))` would give, without parsing the document when it can be helped.
//
// redact decides each member of an object by its name and its value alone, and recurses into what it keeps. So the
// text is scanned once: a member whose name redact leaves alone (asked once per name, by redact itself, and
// remembered) is copied as it is; a member whose name redact masks, with a scalar value, has its value replaced by
// what redact makes of that one member. What the scan cannot settle member by member goes the whole way through
// redact: a masked name holding an object or an array (a tax id's `{ number, country }`, an identity document), a
// sealed value anywhere, a document nested deeper than redact goes, a text that is no object or array. The rule is
// redact's alone; this only spares most answers a parse and a copy (docs/performance.md, "The partner request log's
// cost").

const code = (character: string) => character.charCodeAt(0);
const quote = code('"');
const backslash = code('\\');
const colon = code(':');
const openBrace = code('{');
const closeBrace = code('}');
const openBracket = code('[');
const closeBracket = code(']');
const comma = code(',');
const [space, newline, carriageReturn, tab] = [' ', '\n', '\r', '\t'].map(code);

const isSpace = (c: number) => c === space || c === newline || c === carriageReturn || c === tab;

/** Member names redact leaves alone (true) or masks (false), as its rule for one member (redactedMember) answered. */
const verdicts = new Map<string, boolean>();
const probe = 'x';

function keptByRedact(name: string): boolean {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const kept = redactedMember(name, probe) === probe;
  // Names come from partners' bodies too: past the bound a name is asked each time, never remembered.
  if (verdicts.size < limits.requestLogMemberNamesKnownMax) verdicts.set(name, kept);
  return kept;
}

/** The index of the quote that closes the string opening at `start`; -1 when there is none. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const at = text.indexOf('"', from);
    if (at < 0) return -1;
    let slashes = 0;
    for (let i = at - 1; text.charCodeAt(i) === backslash; i--) slashes += 1;
    if (slashes % 2 === 0) return at;
    from = at + 1;
  }
}

/** The end (exclusive) of the number, true, false or null starting at `start`. */
function scalarEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === comma || c === closeBrace || c === closeBracket || isSpace(c)) break;
    i += 1;
  }
  return i;
}

/** The scan; undefined when the text must go the whole way through redact. */
function maskedByMembers(text: string): string | undefined {
  if (text.includes('"$sealed:')) return undefined;
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i += 1;
  const first = text.charCodeAt(i);
  if (first !== openBrace && first !== openBracket) return undefined;
  let out = '';
  let copiedTo = 0;
  let depth = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      let next = end + 1;
      while (next < n && isSpace(text.charCodeAt(next))) next += 1;
      if (text.charCodeAt(next) !== colon) {
        i = end + 1;
        continue;
      }
      const raw = text.slice(i + 1, end);
      const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
      let value = next + 1;
      while (value < n && isSpace(text.charCodeAt(value))) value += 1;
      if (keptByRedact(name)) {
        i = value;
        continue;
      }
      const v = text.charCodeAt(value);
      if (v === openBrace || v === openBracket) return undefined;
      const valueEnd = v === quote ? stringEnd(text, value) + 1 : scalarEnd(text, value);
      if (valueEnd <= value) return undefined;
      const shown = redactedMember(name, JSON.parse(text.slice(value, valueEnd)));
      out += text.slice(copiedTo, value) + JSON.stringify(shown ?? null);
      copiedTo = valueEnd;
      i = valueEnd;
      continue;
    }
    if (c === openBrace || c === openBracket) {
      depth += 1;
      // redact replaces what sits deeper than its bound: the whole way, then.
      if (depth > limits.auditRedactionDepthMax) return undefined;
    } else if (c === closeBrace || c === closeBracket) depth -= 1;
    i += 1;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

/**
 * JSON text masked as redact masks its document (compared member for member: the scan keeps the text's own
 * spacing). Throws when the text is not JSON and must be parsed.
 */
export function maskedJsonText(text: string): string {
  return maskedByMembers(text) ?? JSON.stringify(redact(JSON.parse(text)));
}
