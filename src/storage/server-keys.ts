import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.js';

/**
 * A key every server process must share, kept in the database: the first process to start generates it, every
 * other one reads the same row (insert ... on conflict do nothing, then read).
 */
export async function sharedKey(db: Queryable, name: string, bytes: number): Promise<Buffer> {
  await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(bytes).toString('base64'),
  ]);
  const rows = await db.query<{ value: string }>('select value from server_keys where name = $1', [name]);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`server key ${name} could not be read`);
  return Buffer.from(value, 'base64');
}
