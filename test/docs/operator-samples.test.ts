// The samples of the operator documents that no other test runs: each providers-file fragment loads through the
// same check the server runs at start, and each bench command names a script package.json has and variables the
// bench reads. (The reference provider's start command is run by test/production/provider-service.test.ts; the
// bench itself takes minutes and belongs to `npm run bench`, not to the suite.)

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProvidersFile } from '../../src/providers/providers-file.js';
import { root } from '../support/server-process.js';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const blocks = (text: string, language: string) =>
  [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] as string);

/** Every source file under a folder (bench/ by default; never its results), read: what it consults. */
function benchSources(dir = join(root, 'bench')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? entry.name === 'results'
          ? ''
          : benchSources(join(dir, entry.name))
        : /\.(mjs|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts')
          ? readFileSync(join(dir, entry.name), 'utf8')
          : '',
    )
    .join('\n');
}

/** Where each operator command of docs/reliability*.md is written: its options must be read there. */
const commandSources: Record<string, string> = {
  simulate: 'simulation',
  soak: 'bench/soak',
  secrets: 'src/platform/secrets',
  bench: 'bench',
};

/** docs/reliability.md and the documents of docs/reliability/. */
const reliabilityDocs = [
  'docs/reliability.md',
  ...readdirSync(join(root, 'docs/reliability')).map((name) => `docs/reliability/${name}`),
];

describe('operator documents', () => {
  it.each(reliabilityDocs)("%s's commands name npm scripts that exist, with options those scripts read", (path) => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
    const lines = blocks(read(path), 'sh').flatMap((block) => block.split('\n').filter(Boolean));
    for (const line of lines) {
      const command = line.replace(/#.*$/, '').trim();
      const script = /npm run (\S+)/.exec(command)?.[1];
      if (script === undefined) continue;
      expect(scripts, line).toContain(script);
      const sourceDir = commandSources[script];
      expect(sourceDir, `where ${script}'s options are read`).toBeDefined();
      const sources = benchSources(join(root, sourceDir as string));
      for (const [, option] of command.matchAll(/\s--([a-z][a-z-]*)/g))
        expect(sources, `--${option} in ${line}`).toContain(option);
    }
  });

  it("docs/provider-protocol.md's providers-file section loads", () => {
    const [fragment] = blocks(read('docs/provider-protocol.md'), 'json');
    const file = checkProvidersFile('docs/provider-protocol.md', JSON.parse(`{${fragment}}`));
    expect(file.providerService?.collects).toHaveLength(2);
  });

  it("examples/reference-provider/README.md's providers file loads", () => {
    const [example] = blocks(read('examples/reference-provider/README.md'), 'json');
    const file = checkProvidersFile('reference-provider', JSON.parse(example ?? ''));
    expect(file.providerService?.pays).toEqual([{ currency: 'GBP', rail: 'GBP_BANK_TRANSFER' }]);
  });

  it("docs/performance.md's commands name npm scripts that exist and variables the bench reads", () => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
    const bench = benchSources();
    const lines = blocks(read('docs/performance.md'), 'sh').flatMap((block) => block.split('\n').filter(Boolean));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      const command = line.replace(/#.*$/, '').trim();
      const script = /npm run (\S+)/.exec(command)?.[1];
      expect(scripts, line).toContain(script);
      for (const [, name] of command.matchAll(/(?:^|\s)([A-Z_]+)=/g))
        expect(bench, `${name} in ${line}`).toContain(name);
    }
  });
});
