import { type PGlite, protocol, types } from '@electric-sql/pglite';
import type { Row } from './db.js';

/**
 * Prepared statements on the embedded store (issue #15, item 2; docs/performance.md, "The embedded store").
 *
 * PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into the WebAssembly
 * backend on every execution, so PostgreSQL parses and plans each statement every time. Here a statement is parsed
 * once under a name and described once (its parameter types, which pick the serialisers query() would pick, and its
 * columns); each execution is then one call with Bind, Execute and Sync. What query() does around a statement is
 * kept: the caller holds PGlite's locks, and writes outside a transaction are synced to the file system.
 */

interface Prepared {
  readonly name: string;
  readonly parameterTypes: readonly number[];
  readonly columns: readonly { readonly name: string; readonly dataTypeID: number }[];
}

type Message = { name: string } & Record<string, unknown>;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export class PglitePreparedStatements {
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly pg: PGlite) {}

  /** Runs one statement; the caller holds PGlite's query lock. syncToFs: false inside a transaction. */
  async run<T extends Row>(text: string, params: readonly unknown[], syncToFs: boolean): Promise<T[]> {
    const statement = this.prepared.get(text) ?? (await this.prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialise = this.pg.serializers[statement.parameterTypes[i] as number];
      return serialise ? serialise(value) : String(value);
    });
    const { messages } = await this.pg.execProtocol(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs },
    );
    const rows: T[] = [];
    for (const message of messages as unknown as Message[]) {
      if (message.name !== 'dataRow') continue;
      const fields = message.fields as (string | null)[];
      const row: Record<string, unknown> = {};
      statement.columns.forEach((column, i) => {
        const value = fields[i];
        row[column.name] =
          value === null || value === undefined ? null : types.parseType(value, column.dataTypeID, this.pg.parsers);
      });
      rows.push(row as T);
    }
    return rows;
  }

  private async prepare(text: string): Promise<Prepared> {
    const name = `p${this.prepared.size}`;
    const { messages } = await this.pg.execProtocol(
      concat([
        protocol.serialize.parse({ name, text, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const found = messages as unknown as Message[];
    const parameters = found.find((m) => m.name === 'parameterDescription');
    const description = found.find((m) => m.name === 'rowDescription');
    const statement: Prepared = {
      name,
      parameterTypes: (parameters?.dataTypeIDs as number[] | undefined) ?? [],
      columns: ((description?.fields as { name: string; dataTypeID: number }[] | undefined) ?? []).map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      })),
    };
    this.prepared.set(text, statement);
    return statement;
  }
}
