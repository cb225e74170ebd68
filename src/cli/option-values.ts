// Reading the option values of the conversation and ticket commands: strings, repeated strings, pages.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Values } from './command.js';
import { UsageError } from './usage-error.js';

export function optionText(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function optionTexts(values: Values, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A required string option; a usage error names the command when it is absent or blank. */
export function requiredText(values: Values, name: string, command: string): string {
  const value = optionText(values, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`${command} needs --${name} <${name}>`);
  return value;
}

/** The `limit` and `page` query parameters, checked as whole numbers, beside the other filters given. */
export function listQuery(values: Values, filters: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, one);
  }
  for (const name of ['limit', 'page']) {
    const raw = optionText(values, name);
    if (raw === undefined) continue;
    if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
    query.set(name, raw);
  }
  return query.size > 0 ? `?${query.toString()}` : '';
}

/** Files given with --attach, as the API takes them: the name and the bytes in base64. */
export function attachments(values: Values): { fileName: string; content: string }[] {
  return optionTexts(values, 'attach').map((path) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
      throw new UsageError(`--attach ${path}: cannot read the file${code}`);
    }
    return { fileName: basename(path), content: bytes.toString('base64') };
  });
}
