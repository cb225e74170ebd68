// docs/operating.md is run, not only read: its providers file loads and connects what it says, and every CLI line
// it shows names a command the CLI has.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { invocation } from '../../src/cli/invocation.js';
import { productionProviders } from '../../src/providers/production-providers.js';
import { checkProvidersFile, ProvidersFileError } from '../../src/providers/providers-file.js';
import { testDb } from '../support/harness.js';

const guide = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8');
const blocks = (language: string) =>
  [...guide.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] as string);

describe('docs/operating.md', () => {
  it('its providers file loads and connects every capability it lists', async () => {
    const [example] = blocks('json');
    const file = checkProvidersFile('docs/operating.md', JSON.parse(example ?? ''));
    const providers = productionProviders(file, { db: await testDb(), nowMs: () => Date.now() });
    const live = providers.capabilities
      .report()
      .filter((line) => line.live)
      .map((line) => line.capability);
    expect(live).toEqual(
      expect.arrayContaining([
        'prices',
        'collection EUR/SEPA',
        'collection USD/ACH_US',
        'payout EUR/SEPA',
        'payout USD/ACH_US',
        'collection BTC/BTC',
        'collection BRL/PIX_BR',
        'payout BRL/PIX_BR',
        'mail',
        'verification',
        'screening',
      ]),
    );
    providers.lifecycle.stop();
  });

  it('its feed document is one the json-feed source reads', async () => {
    const { parseJsonFeed } = await import('../../src/providers/prices/json-feed.js');
    const feed = blocks('json')[1] ?? '';
    expect(() => parseJsonFeed(feed)).not.toThrow();
  });

  it('a misspelt key is refused by name', () => {
    const [example] = blocks('json');
    const file = JSON.parse(example ?? '') as Record<string, unknown>;
    expect(() => checkProvidersFile('x.json', { ...file, screenning: {} })).toThrow(ProvidersFileError);
    expect(() => checkProvidersFile('x.json', { ...file, screenning: {} })).toThrow(/unknown key "screenning"/);
  });

  it('every brokerage command it shows exists', () => {
    const lines = blocks('sh').flatMap((block) =>
      block.split('\n').filter((line) => line.startsWith(`${invocation} `)),
    );
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const words = line.replace(`${invocation} `, '').split(/\s+/);
      const known = commands.some((command) => command.words.every((word, i) => words[i] === word));
      expect(known, line).toBe(true);
    }
  });
});
