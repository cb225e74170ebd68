import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/security.md lists each control with the test that proves it: a renamed or deleted test must not leave the page
// claiming a proof that no longer exists.
const page = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
const named = [...new Set([...page.matchAll(/`([\w./-]+\.test\.ts)`/g)].map((m) => m[1] as string))];

describe('docs/security.md', () => {
  it('names tests', () => {
    expect(named.length).toBeGreaterThan(20);
  });

  it.each(named)('%s exists', (path) => {
    expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true);
  });
});
