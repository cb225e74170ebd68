// README.md's configuration table states each setting's default, and for some a range ("1 to 75"). The numbers live
// in src/limits.ts and reach the server through src/config.ts; this holds the table to what loadConfig does, so
// that a changed default or bound cannot leave the README behind.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../../src/config.js';
import { root } from '../support/server-process.js';

const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** `EVENT_RETENTION_DAYS` → `eventRetentionDays`: the Config field each variable sets. */
const fieldOf = (variable: string) =>
  variable.toLowerCase().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof Config;

/** The rows of the table whose default is a number: the variable, the default, the ranges its text states. */
const rows = [...readme.matchAll(/^\| `([A-Z_]+)` \| `(\d+)` \|(.*)\|$/gm)].map((m) => ({
  variable: m[1] as string,
  documented: Number(m[2]),
  ranges: [...(m[3] as string).matchAll(/\b(\d+) to (\d+)\b/g)].map((r) => [Number(r[1]), Number(r[2])] as const),
}));

const accepts = (variable: string, value: number) => {
  try {
    loadConfig({ [variable]: String(value) });
    return true;
  } catch (error) {
    if (error instanceof ConfigError) return false;
    throw error;
  }
};

describe("README.md's configuration table", () => {
  it('lists the numeric settings', () => {
    expect(rows.map((r) => r.variable)).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_POOL_SIZE', 'QUOTE_TTL_SECONDS', 'OPERATOR_SESSION_MAX_HOURS']),
    );
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  it.each(rows)('$variable: the default it states is the one loadConfig takes', ({ variable, documented }) => {
    const config = loadConfig({});
    expect(config).toHaveProperty(fieldOf(variable));
    expect(config[fieldOf(variable)]).toBe(documented);
  });

  it.each(rows.filter((r) => r.ranges.length > 0))(
    '$variable: the range it states is the one loadConfig takes',
    ({ variable, ranges }) => {
      for (const [low, high] of ranges) {
        expect(accepts(variable, low), `${variable}=${low}`).toBe(true);
        expect(accepts(variable, high), `${variable}=${high}`).toBe(true);
        expect(accepts(variable, high + 1), `${variable}=${high + 1}`).toBe(false);
        if (low > 0) expect(accepts(variable, low - 1), `${variable}=${low - 1}`).toBe(false);
      }
    },
  );
});
