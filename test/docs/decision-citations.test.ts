import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Goal (issue #29, item 7, "Decisions findable"): code and documents cite a decision as
// `docs/decisions/<area>.md, "Heading"` (docs/decisions/README.md, "Citing"); every such citation names a file of the
// log and a heading in it (word for word, or its start: many leave the issue tag out), so that a renamed or moved
// decision cannot leave a citation pointing nowhere. Method: every text file of the repository is read; a heading
// wrapped over comment lines is joined first.

const roots = [
  'src',
  'test',
  'scripts',
  'sdk/src',
  'sdk/test',
  'simulation',
  'bench',
  'migrations',
  'docs',
  'examples',
];
const textFile = /\.(ts|mjs|cjs|js|sql|md|json)$/;

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'generated') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : textFile.test(name) ? [path] : [];
  });
}

/** A heading as cited over several comment lines, joined: `Sign-ins\n// in the audit log` is one line. */
const joined = (cited: string): string => cited.replace(/\s*\n\s*(\*|\/\/|--)?\s*/g, ' ').trim();

const citation = /docs\/decisions\/([a-z-]+)\.md(?:, "([^"]+)")?/g;

const headingsOf = (file: string): string[] =>
  readFileSync(join('docs/decisions', file), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('## ') || line.startsWith('# '))
    .map((line) => line.replace(/^#+ /, ''));

describe('citations of the decision log', () => {
  it.each([
    ['Sign-ins\n// in the audit log', 'Sign-ins in the audit log'],
    ['Operation\n * ids', 'Operation ids'],
    ['One line', 'One line'],
  ])('joins %j as %j', (cited, expected) => {
    expect(joined(cited)).toBe(expected);
  });

  it('name a file of docs/decisions/ and a heading in it', () => {
    const areas = new Set(readdirSync('docs/decisions').filter((f) => f.endsWith('.md')));
    const broken: string[] = [];
    let seen = 0;
    for (const path of [...roots.flatMap(filesUnder), 'README.md']) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(citation)) {
        seen += 1;
        const [, area, cited] = match;
        const file = `${area}.md`;
        if (!areas.has(file)) {
          broken.push(`${path}: docs/decisions/${file} does not exist`);
          continue;
        }
        if (cited === undefined) continue;
        const heading = joined(cited);
        if (!headingsOf(file).some((h) => h.startsWith(heading))) {
          broken.push(`${path}: "${heading}" is no heading of docs/decisions/${file}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });
});
